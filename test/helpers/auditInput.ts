// An audit's input read from disk, as the CLI reads it (every .tex beside the file is listed), and
// the fixture project the audit tests run against.
import { access, readFile } from 'node:fs/promises';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { AuditDeps, AuditInput } from '../../src/core/audit';
import { createHttpClient } from '../../src/core/net/http';
import { PacingRegistry } from '../../src/core/net/pacing';
import { resolveSettings } from '../../src/core/settings/index';
import { startStandIn, type StandIn } from '../standin';
import { fixturePath } from '../standin/server';

export function diskInput(file: string, scope: 'file' | 'project' = 'project'): AuditInput {
  return {
    file,
    scope,
    files: {
      read: (f) => readFile(f, 'utf8').catch(() => undefined),
      list: async () => readdirSync(dirname(file)).filter((n) => n.endsWith('.tex')).map((n) => join(dirname(file), n)),
    },
    exists: (f) => access(f).then(() => true, () => false),
  };
}

export interface AuditStandIn {
  readonly dir: string;
  readonly deps: AuditDeps;
  readonly standIn: StandIn;
}

/**
 * The stand-in services and a temporary folder (empty, or holding a copy of the audit fixture
 * project): fresh for each test of the suite. No retries, no arXiv pacing, no cache, no GROBID.
 */
export function useAuditStandIn(prefix: string, withProject = false): AuditStandIn {
  const state = { dir: '', deps: undefined as unknown as AuditDeps, standIn: undefined as unknown as StandIn };
  beforeEach(async () => {
    state.standIn = await startStandIn();
    state.dir = mkdtempSync(join(tmpdir(), prefix));
    if (withProject) for (const name of readdirSync(fixturePath('audit'))) cpSync(fixturePath('audit', name), join(state.dir, name));
    const settings = resolveSettings({ ...state.standIn.settings, 'http.retries': 0, 'sources.arxiv.intervalMs': 0, 'cache.enabled': false, 'grobid.enabled': false });
    state.deps = { settings, http: createHttpClient(settings, { cacheDir: '', pacing: new PacingRegistry(), backoffMs: 1 }), llm: null };
  });
  afterEach(async () => {
    await state.standIn.close();
    rmSync(state.dir, { recursive: true, force: true });
  });
  return state;
}

/** The audit fixture project copied to a temporary folder, and the stand-in services: fresh for each test of the suite. */
export function useAuditProject(prefix: string): AuditStandIn {
  return useAuditStandIn(prefix, true);
}
