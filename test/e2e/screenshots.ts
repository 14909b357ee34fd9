// Screenshots of the E2E suites: each goes to test-results/, and with CITEFINDER_UPDATE_SCREENSHOTS=1
// also to media/screenshots/, where the README and docs/ show it. Refreshed on request only, so a
// test run leaves the tree clean.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from './codeServer';
import { RESULTS_DIR } from '../helpers/e2eSession';

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(RESULTS_DIR, name) });
  if (process.env.CITEFINDER_UPDATE_SCREENSHOTS) {
    const shots = join(repoRoot(), 'media', 'screenshots');
    mkdirSync(shots, { recursive: true });
    copyFileSync(join(RESULTS_DIR, name), join(shots, name));
  }
}
