// The in-host suite (test/host/ → out/test/host/index.js) in desktop VS Code, through
// @vscode/test-electron. For a developer machine with internet: it downloads VS Code (into
// .vscode-test/) on first use, so CI and this offline sandbox use scripts/host-tests.mjs
// (code-server) instead.
//
//   node scripts/host-tests-desktop.mjs [--version 1.139.1|stable] [--no-build]
// On a Linux box without a display: xvfb-run -a node scripts/host-tests-desktop.mjs
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTests } from '@vscode/test-electron';
import { ROOT } from './provision.mjs';

const argv = process.argv.slice(2);
const versionAt = argv.indexOf('--version');
const version = versionAt >= 0 ? argv[versionAt + 1] : 'stable';

if (!argv.includes('--no-build')) {
  const build = spawnSync(process.execPath, ['esbuild.config.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const workspace = mkdtempSync(join(tmpdir(), 'citefinder-desktop-ws-'));
cpSync(join(ROOT, 'examples'), workspace, { recursive: true });
try {
  await runTests({
    version,
    extensionDevelopmentPath: ROOT,
    extensionTestsPath: join(ROOT, 'out', 'test', 'host', 'index.js'),
    launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes',
      '--user-data-dir', mkdtempSync(join(tmpdir(), 'citefinder-desktop-ud-'))],
  });
  console.log('test:host (desktop) passed');
} catch (error) {
  console.error(`test:host (desktop) failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
