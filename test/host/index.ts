// Entry point for --extensionTestsPath: runs every out/test/host/**/*.test.js with mocha
// inside the extension host (code-server or @vscode/test-electron), in the standard
// `run(): Promise<void>` shape VS Code expects.
import { globSync } from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

export async function run(): Promise<void> {
  const mocha = new Mocha({
    ui: 'bdd',
    color: false,
    timeout: 60_000,
    reporter: process.env.CITEFINDER_HOST_REPORTER ?? 'spec',
    grep: process.env.CITEFINDER_HOST_GREP,
  });
  const dir = __dirname;
  for (const file of globSync('**/*.test.js', { cwd: dir }).sort()) mocha.addFile(path.join(dir, file));
  await new Promise<void>((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} in-host test(s) failed.`)) : resolve()));
  });
}
