// HALLMARK dev_public as any BibTeX style writes it: build-style.sh runs the real bibtex (no LaTeX)
// into a temporary folder, and the .bbl's text is returned (these files are built per run, not committed).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function styledBbl(script: string, style: string, data: string): string {
  const out = mkdtempSync(join(tmpdir(), 'hallmark-style-'));
  try {
    execFileSync('sh', [script, style, data, out], { stdio: ['ignore', 'ignore', 'inherit'] });
    return readFileSync(join(out, `hallmark-dev-${style}.bbl`), 'utf8');
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
