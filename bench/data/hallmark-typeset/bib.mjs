// HALLMARK's dev_public entries (labels and all: the fabricated ones are the point) written as a
// .bib for BibTeX, in the dataset's order. Only what stops LaTeX is changed: HTML entities as the
// crawl left them (&apos; &amp;) decoded, a bare & escaped, and fields the crawl cut mid-group
// ("{GPT-4", "R{\'e") closed, so that every entry typesets.
//
//   node bib.mjs DATA_DIR > hallmark-dev.bib
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const data = process.argv[2] ?? '/work/shared/datasets/hallmark';
const entries = readFileSync(join(data, 'dev_public.jsonl'), 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));

function closed(value) {
  let depth = 0;
  for (const ch of value) depth += ch === '{' ? 1 : ch === '}' ? -1 : 0;
  const dollars = (value.replace(/\\\$/g, '').match(/\$/g) ?? []).length;
  return value + '}'.repeat(Math.max(0, depth)) + (dollars % 2 ? '$' : '');
}

function typesettable(name, value) {
  const decoded = value.replace(/&apos;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  return name === 'url' || name === 'doi' ? decoded : closed(decoded.replace(/(?<!\\)&/g, '\\&'));
}

for (const e of entries) {
  const fields = Object.entries(e.fields).map(([name, value]) => `  ${name} = {${typesettable(name, value)}}`);
  process.stdout.write(`@${e.bibtex_type}{${e.bibtex_key},\n${fields.join(',\n')}\n}\n\n`);
}
