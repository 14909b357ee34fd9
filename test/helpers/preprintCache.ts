// What the repeat tests start from (kept results, support shortlists): a stand-in serving the
// preprints' PDFs and JATS, and a cache folder of the test's own, full text on and no GROBID, so
// a second pipeline on the same folder is a new process on the same disk.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStandIn, type StandIn } from '../standin';
import { resetGrobidState } from '../../src/core/fulltext';
import { resolveSettings, type Settings } from '../../src/core/settings/index';

export interface PreprintCache {
  standIn: StandIn;
  cacheDir: string;
  settings: Settings;
}

export async function openPreprintCache(prefix: string): Promise<PreprintCache> {
  const standIn = await startStandIn({ anyPreprintPdf: true, preprintJats: true });
  const cacheDir = mkdtempSync(join(tmpdir(), prefix));
  const settings = resolveSettings({ ...standIn.settings, 'cache.dir': cacheDir, 'fulltext.enabled': true, 'grobid.enabled': false });
  resetGrobidState();
  return { standIn, cacheDir, settings };
}

export async function closePreprintCache({ standIn, cacheDir }: PreprintCache): Promise<void> {
  await standIn.close();
  rmSync(cacheDir, { recursive: true, force: true });
}
