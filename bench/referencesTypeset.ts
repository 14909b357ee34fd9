// The reference-list path on HALLMARK dev_public typeset by real TeX: the entries built once with
// BibTeX's plainnat (numbered) into a .bbl and a two-column PDF (bench/data/hallmark-typeset/,
// build.sh holds the command), checked from the .bbl and from the PDF's text (pdf.js, GROBID
// off), and from the same entries as REVTeX's apsrev4-2 writes them (build-apsrev.sh: every field
// tagged; once with article titles, once without as PRL prints them), beside the same entries
// checked from their .bib fields, against the stand-in serving
// pool_dev.jsonl's real works. PDF items are mapped back to entries by their printed number (the
// .bbl's \bibitem order); those that map nowhere, and entries no item maps to, are counted.
// A valid reference left unreadable is told apart from one called "not found".
//
//   node dist/bench/referencesTypeset.js [DATA_DIR]   (default /work/shared/datasets/hallmark)
//        [--typeset DIR] (default bench/data/hallmark-typeset)
//        [--misses] lists the entries the PDF path (or each --style) calls differently
//        [--style STYLE]… instead, the same entries as BibTeX style STYLE writes them (build-style.sh, real bibtex, per run):
//        per style, the fields read back right and the check's figures, beside the .bib path
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { compareTitles } from '../src/core/bibcheck/titles';
import { fieldsOfItem, textReferences, type ReferenceItem } from '../src/core/references';
import { pdfjsReferences } from '../src/core/references/pdf';
import { readJsonl, type DevEntry } from './lib/hallmarkData';
import { bibPath, itemsPath, labelled, reportPath, timed, withPool, type PathVerdict } from './lib/referencePaths';
import { fieldReading, tallyLine } from './lib/fieldReading';
import { styledBbl } from './lib/styledBbl';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    typeset: { type: 'string', default: join(__dirname, '..', '..', 'bench', 'data', 'hallmark-typeset') },
    misses: { type: 'boolean', default: false },
    style: { type: 'string', multiple: true, default: [] },
  },
});
const data = positionals[0] ?? '/work/shared/datasets/hallmark';
const bblFile = join(values.typeset, 'hallmark-dev.bbl');
const pdfFile = join(values.typeset, 'hallmark-dev.pdf');
/** The same entries in other styles, mapped to entries by \bibitem key. */
const styledFiles = [
  { name: 'REVTeX .bbl', file: join(values.typeset, 'hallmark-dev-apsrev.bbl'), style: 'apsrev4-2' },
  { name: 'PRL .bbl', file: join(values.typeset, 'hallmark-dev-apsrev-notitle.bbl'), style: 'apsrev4-2, no article titles' },
];

/** Each entry's item (by index of entry), from items that carry the printed number n of the .bbl's nth \bibitem. */
/** For each entry, the index of its item; undefined when no item maps to it. */
type ItemOfEntry = (number | undefined)[];

function mapByNumber(items: ReferenceItem[], bblKeys: string[], entries: DevEntry[]): { byEntry: ItemOfEntry; unmapped: number } {
  const entryIndex = new Map(entries.map((e, i) => [e.bibtex_key, i]));
  const byEntry: ItemOfEntry = new Array(entries.length);
  let unmapped = 0;
  items.forEach((item, i) => {
    const entry = entryIndex.get(bblKeys[Number(item.number) - 1] ?? '');
    if (entry === undefined || byEntry[entry] !== undefined) unmapped++;
    else byEntry[entry] = i;
  });
  return { byEntry, unmapped };
}

/** Each entry's item by the \bibitem key the .bbl gives it. */
function mapByKey(items: ReferenceItem[], entries: DevEntry[]): ItemOfEntry {
  const itemIndex = new Map(items.map((item, i) => [item.key ?? '', i]));
  return entries.map((e) => itemIndex.get(e.bibtex_key));
}

/** Per entry, the verdict its item got (undefined: no item). */
const perEntry = (byEntry: ItemOfEntry, verdicts: PathVerdict[]) => byEntry.map((i) => (i === undefined ? undefined : verdicts[i]));

function validCounts(entries: DevEntry[], fromBib: PathVerdict[], verdicts: (PathVerdict | undefined)[]): string {
  const valid = entries.map((e, i) => ({ e, bib: fromBib[i], v: verdicts[i] })).filter(({ e }) => e.label === 'VALID');
  const unreadable = valid.filter(({ v }) => v === 'unreadable').length;
  const notFound = valid.filter(({ v }) => v === 'not-found').length;
  const notFoundByReading = valid.filter(({ v, bib }) => v === 'not-found' && bib !== 'not-found').length;
  const noItem = valid.filter(({ v }) => v === undefined).length;
  return `valid references: unreadable ${unreadable}, no item ${noItem}, "not found" ${notFound} (${notFoundByReading} of them another verdict from the .bib)`;
}

/** The entries a typeset path calls differently from the .bib path, with the item's text (--misses). */
type Verdicts = (PathVerdict | undefined)[];

/** The hallucinated entries a path lets through, by HALLMARK's hallucination type (--misses). */
function missedByType(entries: DevEntry[], verdicts: Verdicts): string {
  const missed = new Map<string, number>();
  for (const l of labelled(entries, verdicts)) if (l.label === 'HALLUCINATED' && l.predicted !== 'HALLUCINATED') missed.set(l.type, (missed.get(l.type) ?? 0) + 1);
  return [...missed].sort((a, b) => b[1] - a[1]).map(([type, n]) => `${type} ${n}`).join(' · ') || 'none';
}
function listMisses(entries: DevEntry[], fromBib: PathVerdict[], verdicts: Verdicts, items: ReferenceItem[], byEntry: ItemOfEntry): void {
  entries.forEach((e, i) => {
    if (fromBib[i] === verdicts[i]) return;
    const item = byEntry[i] === undefined ? '(no item)' : items[byEntry[i]!]!.text;
    console.log(`- ${e.label} ${e.hallucination_type ?? ''} ${e.bibtex_key}: .bib ${fromBib[i]} · typeset ${verdicts[i] ?? 'no item'}\n    ${item}`);
  });
}

/** The entries in each BibTeX style asked for: fields read back, then the check from the .bbl against the .bib path. */
async function stylesMain(entries: DevEntry[], styles: string[]): Promise<void> {
  const script = join(values.typeset, 'build-style.sh');
  const built = styles.map((style) => ({ style, items: textReferences(styledBbl(script, style, data), '.bbl').items }));
  console.log(`HALLMARK dev_public: ${entries.length} entries typeset by BibTeX 0.99d in ${styles.length} styles; fields read back right / entries with the field`);
  const asEntries = entries.map((e) => ({ key: e.bibtex_key, fields: e.fields }));
  for (const { style, items } of built) console.log(`  ${style.padEnd(16)} ${items.length} items: ${tallyLine(fieldReading(items, asEntries))}`);
  await withPool(data, async (settingsOf) => {
    const fromBib = await timed(() => bibPath(entries, settingsOf()));
    const bibF1 = reportPath('.bib', entries, fromBib.value, fromBib.ms);
    for (const { style, items } of built) {
      const run = await timed(() => itemsPath(items, settingsOf()));
      const byEntry = mapByKey(items, entries);
      const verdicts = perEntry(byEntry, run.value);
      const f1 = reportPath(style, entries, verdicts, run.ms);
      console.log(`    F1 gap to .bib ${(bibF1 - f1).toFixed(3)} · ${validCounts(entries, fromBib.value, verdicts)}`);
      if (values.misses) {
        listMisses(entries, fromBib.value, verdicts, items, byEntry);
        console.log(`    ${style} lets through: ${missedByType(entries, verdicts)}`);
      }
    }
  });
}

async function main(): Promise<void> {
  if (values.style.length) {
    await stylesMain(readJsonl<DevEntry>(data, 'dev_public.jsonl'), values.style);
    return;
  }
  if (!existsSync(join(data, 'dev_public.jsonl')) || !existsSync(bblFile) || !existsSync(pdfFile)) {
    console.log(`skipped: needs ${join(data, 'dev_public.jsonl')}, ${bblFile} and ${pdfFile}`);
    return;
  }
  const entries = readJsonl<DevEntry>(data, 'dev_public.jsonl');
  const bblItems = textReferences(readFileSync(bblFile, 'utf8'), '.bbl').items;
  const bblKeys = bblItems.map((i) => i.key ?? '');
  const pdf = await timed(() => pdfjsReferences(new Uint8Array(readFileSync(pdfFile))));
  const pdfItems = pdf.value.items;
  const { byEntry, unmapped } = mapByNumber(pdfItems, bblKeys, entries);
  const bblByEntry = mapByNumber(bblItems.map((item, i) => ({ ...item, number: String(i + 1) })), bblKeys, entries).byEntry;
  const styled = styledFiles.filter((s) => existsSync(s.file)).map((s) => ({ ...s, items: textReferences(readFileSync(s.file, 'utf8'), '.bbl').items }));
  const titled = byEntry.filter((i, e) => i !== undefined && compareTitles(fieldsOfItem(pdfItems[i]!).title ?? '', entries[e]!.fields.title ?? '').agreement === 'same').length;
  await withPool(data, async (settingsOf) => {
    const fromBib = await timed(() => bibPath(entries, settingsOf()));
    const fromBbl = await timed(() => itemsPath(bblItems, settingsOf()));
    const fromPdf = await timed(() => itemsPath(pdfItems, settingsOf()));
    const fromStyled = [];
    for (const s of styled) fromStyled.push({ ...s, run: await timed(() => itemsPath(s.items, settingsOf())) });
    const bblVerdicts = perEntry(bblByEntry, fromBbl.value);
    const pdfVerdicts = perEntry(byEntry, fromPdf.value);
    const mapped = byEntry.filter((i) => i !== undefined).length;
    console.log(`HALLMARK dev_public: ${entries.length} entries typeset by BibTeX (plainnat, numbered) into ${bblItems.length} \\bibitems and a two-column PDF`);
    console.log(`  PDF read by pdf.js (GROBID off) in ${(pdf.ms / 1000).toFixed(1)} s: ${pdfItems.length} items, ${mapped} mapped to entries by number, ${unmapped} mapped nowhere, ${entries.length - mapped} entries without an item; the item's title reads the entry's for ${titled}`);
    const bibF1 = reportPath('.bib', entries, fromBib.value, fromBib.ms);
    const bblF1 = reportPath('.bbl', entries, bblVerdicts, fromBbl.ms);
    const pdfF1 = reportPath('PDF', entries, pdfVerdicts, fromPdf.ms);
    const styledResults = fromStyled.map((s) => {
      const verdicts = perEntry(mapByKey(s.items, entries), s.run.value);
      return { ...s, verdicts, f1: reportPath(s.name, entries, verdicts, s.run.ms) };
    });
    const styledGaps = styledResults.map((s) => ` · ${s.name} ${(bibF1 - s.f1).toFixed(3)}`).join('');
    console.log(`  F1 gap to .bib: .bbl ${(bibF1 - bblF1).toFixed(3)} (goal ≤ 0.02) · PDF ${(bibF1 - pdfF1).toFixed(3)} (goal ≤ 0.10)${styledGaps}`);
    console.log(`  .bbl ${validCounts(entries, fromBib.value, bblVerdicts)}`);
    console.log(`  PDF  ${validCounts(entries, fromBib.value, pdfVerdicts)}`);
    for (const s of styledResults) console.log(`  ${s.name} (${s.items.length} \\bibitems, ${s.style}) ${validCounts(entries, fromBib.value, s.verdicts)}`);
    if (values.misses) {
      listMisses(entries, fromBib.value, pdfVerdicts, pdfItems, byEntry);
      for (const [name, verdicts] of [['.bib', fromBib.value], ['PDF', pdfVerdicts], ...styledResults.map((r) => [r.name, r.verdicts] as const)] as const) {
        console.log(`  ${name} lets through: ${missedByType(entries, verdicts)}`);
      }
    }
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
