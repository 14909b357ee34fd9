// The reference-list path on HALLMARK (dev_public only): the labelled .bib entries typeset into
// a .bbl in plainnat's form (lib/bblStyle.ts), read back as reference strings
// (src/core/references: \bibitem items, \newblock blocks, fields never guessed) and checked,
// beside the same entries checked from their .bib fields, both against the stand-in serving
// pool_dev.jsonl's real works (as bench/hallmark.ts). Reports DR, FPR and F1 of both paths, the
// entries whose verdict changed, and how many were unreadable (HALLMARK counts those as VALID).
//
//   node dist/bench/references.js [DATA_DIR]   (default /work/shared/datasets/hallmark)
//        [--misses] lists the entries the two paths call differently   [--bbl FILE] writes the .bbl
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { textReferences } from '../src/core/references';
import { bblOf } from './lib/bblStyle';
import { readJsonl, type DevEntry } from './lib/hallmarkData';
import { bibPath, itemsPath, reportPath, timed, withPool } from './lib/referencePaths';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { misses: { type: 'boolean', default: false }, bbl: { type: 'string' } } });
const data = positionals[0] ?? '/work/shared/datasets/hallmark';

async function main(): Promise<void> {
  const entries = readJsonl<DevEntry>(data, 'dev_public.jsonl');
  const bbl = bblOf(entries.map((e) => ({ key: e.bibtex_key, type: e.bibtex_type, fields: e.fields })));
  if (values.bbl) writeFileSync(values.bbl, bbl);
  await withPool(data, async (settingsOf) => {
    const fromBib = await timed(() => bibPath(entries, settingsOf()));
    const items = textReferences(bbl, '.bbl').items;
    if (items.map((i) => i.key).join() !== entries.map((e) => e.bibtex_key).join()) throw new Error('The .bbl was not read back item for item.');
    const fromBbl = await timed(() => itemsPath(items, settingsOf()));
    console.log(`HALLMARK dev_public: ${entries.length} entries, .bib fields vs the same entries read back from a plainnat-style .bbl`);
    const bibF1 = reportPath('.bib', entries, fromBib.value, fromBib.ms);
    const bblF1 = reportPath('.bbl', entries, fromBbl.value, fromBbl.ms);
    const changed = entries.filter((_, i) => fromBib.value[i] !== fromBbl.value[i]).length;
    const unreadable = fromBbl.value.filter((v) => v === 'unreadable').length;
    const validUnreadable = entries.filter((e, i) => e.label === 'VALID' && fromBbl.value[i] === 'unreadable').length;
    console.log(`  F1 gap ${(bibF1 - bblF1).toFixed(3)} (goal ≤ 0.02) · verdict changed on ${changed} entries · unreadable ${unreadable} (valid ${validUnreadable})`);
    if (values.misses) {
      entries.forEach((e, i) => {
        if (fromBib.value[i] !== fromBbl.value[i]) console.log(`- ${e.label} ${e.hallucination_type ?? ''} ${e.bibtex_key}: .bib ${fromBib.value[i]} · .bbl ${fromBbl.value[i]}`);
      });
    }
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
