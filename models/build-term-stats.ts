// Builds the scorer's document-frequency table from open scientific text, so that a word's weight
// in lexical support scoring comes from how common it is in science at large, not from the five
// sentences of the abstract at hand ("used", "more" and "effective" are in half of all
// abstracts; "prospectively" is in one in a few hundred).
//
//   npx esbuild models/build-term-stats.ts --bundle --platform=node --format=cjs --log-level=warning \
//     --outfile=out/models/build-term-stats.js && node out/models/build-term-stats.js /work/shared/datasets
//
// Documents (each counted once per stem): every title + abstract of the rxiv metadata (daily
// arXiv/bioRxiv/medRxiv picks, arXiv cs.CL, the arXiv snapshot head, the S2ORC sample), of the
// SciFact corpus and of the Check-COVID corpus; every body paragraph of the unarXive sample; the
// CL-SciSumm Training-Set-2018 reference papers in chunks of five sentences. Never ACM-CR, never
// a claim or citance of any split, never a CL-SciSumm test paper. Stems are the scorer's own
// (SCORING_TOKENS). Stems in fewer than MIN_DF documents are left out (the scorer treats an
// absent stem as rarer than any listed). Deterministic: the same data gives the same bytes.
//
// Output: src/core/scoring/termStats.json = { docs, minDf, sources, stems: "a b …" (sorted),
// df: its document frequencies in base 36, "3 1k …", field }. `field` says which way each stem
// leans, life sciences (bioRxiv, medRxiv, SciFact, Check-COVID, S2ORC biology/medicine) or
// physical sciences and computing (arXiv, unarXive, CL-SciSumm, S2ORC physics/maths/CS):
// { docs: { life, quant }, steps, zero, lean }, one character a stem, its log-odds being
// (character − zero) / steps. Sources on neither side count only in `df`. Two strings split once
// make the table: no map of 16,000 entries to build in every new process.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCORING_TOKENS, stems } from '../src/core/text/tokens';
import { parseReferenceXml } from '../bench/lib/clscisumm-data';

const MIN_DF = 3;
const OUT = join(process.cwd(), 'src', 'core', 'scoring', 'termStats.json');

/** The broad field a document's source belongs to, when the source says: the field table's counts. */
type Field = 'life' | 'quant';
interface Doc {
  text: string;
  field?: Field;
}

const doc = (text: string, field?: Field): Doc => ({ text, field });
const LIFE_FIELDS = new Set(['Medicine', 'Biology', 'Psychology']);
const QUANT_FIELDS = new Set(['Computer Science', 'Physics', 'Mathematics', 'Engineering']);

function jsonl(path: string): Record<string, unknown>[] {
  return readFileSync(path, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Record<string, unknown>);
}

const text = (v: unknown): string => (Array.isArray(v) ? v.join(' ') : typeof v === 'string' && v !== 'None' ? v : '');

function rxiv(data: string): Doc[] {
  const dir = join(data, 'rxiv-metadata');
  const docs: Doc[] = [];
  for (const name of ['arxiv.jsonl', 'biorxiv.jsonl', 'medrxiv.jsonl']) {
    const field = name === 'arxiv.jsonl' ? 'quant' : 'life';
    for (const r of jsonl(join(dir, 'rxiv-daily_Lcollection', name))) docs.push(doc(`${text(r.title)} ${text(r.abstract)}`, field));
  }
  for (const r of JSON.parse(readFileSync(join(dir, 'arxiv-cscl-2026-03_lthei', 'arxiv_papers.json'), 'utf8')) as Record<string, unknown>[]) {
    docs.push(doc(`${text(r.title)} ${text(r.abstract)}`, 'quant'));
  }
  for (const r of jsonl(join(dir, 'arxiv-oai-snapshot-head200', 'arxiv-metadata-oai-snapshot.head200.jsonl'))) docs.push(doc(`${text(r.title)} ${text(r.abstract)}`, 'quant'));
  for (const r of jsonl(join(dir, 's2orc-metadata-sample', 'sample.jsonl'))) if (text(r.abstract)) docs.push(doc(`${text(r.title)} ${text(r.abstract)}`, s2orcField(r.mag_field_of_study)));
  return docs;
}

/** S2ORC's fields of study, when all of them fall on one side (Chemistry and the social sciences fall on neither). */
function s2orcField(fields: unknown): Field | undefined {
  if (!Array.isArray(fields) || fields.length === 0) return undefined;
  if (fields.every((f) => LIFE_FIELDS.has(f as string))) return 'life';
  return fields.every((f) => QUANT_FIELDS.has(f as string)) ? 'quant' : undefined;
}

function scifact(data: string): Doc[] {
  return jsonl(join(data, 'scifact', 'corpus.jsonl')).map((d) => doc(`${text(d.title)} ${text(d.abstract)}`, 'life'));
}

function checkCovid(data: string): Doc[] {
  return jsonl(join(data, 'check-covid', 'corpus.json')).map((d) => doc(`${text(d.title)} ${text(d.abstract)}`, 'life'));
}

/** Body paragraphs of the unarXive sample, read from the archive as it is shipped. */
function unarxive(data: string): Doc[] {
  const archive = join(data, 'unarxive-sample', 'unarXive_data_sample.tar.gz');
  const listing = execFileSync('tar', ['tzf', archive], { encoding: 'utf8' }).split('\n').filter((f) => f.endsWith('.jsonl')).sort();
  const docs: Doc[] = [];
  for (const file of listing) {
    const content = execFileSync('tar', ['xzOf', archive, file], { encoding: 'utf8', maxBuffer: 1 << 28 });
    for (const line of content.split('\n').filter((l) => l.trim())) {
      const paper = JSON.parse(line) as { metadata?: { title?: string; abstract?: string }; body_text?: { text?: string }[] };
      docs.push(doc(`${paper.metadata?.title ?? ''} ${paper.metadata?.abstract ?? ''}`, 'quant'));
      for (const p of paper.body_text ?? []) if (p.text?.trim()) docs.push(doc(p.text.replace(/\{\{[^}]*\}\}/g, ' '), 'quant'));
    }
  }
  return docs;
}

/** Training-Set-2018 reference papers only (the test papers stay unseen), five sentences a document. */
function clSciSumm(data: string): Doc[] {
  const dir = join(data, 'cl-scisumm', 'Training-Set-2018');
  const docs: Doc[] = [];
  for (const id of readdirSync(dir).sort()) {
    const xml = join(dir, id, 'Reference_XML', `${id}.xml`);
    if (!existsSync(xml)) continue;
    const paper = parseReferenceXml(id, readFileSync(xml, 'utf8'));
    for (let i = 0; i < paper.sentences.length; i += 5) docs.push(doc(paper.sentences.slice(i, i + 5).map((s) => s.text).join(' '), 'quant'));
  }
  return docs;
}

/** Lean steps per unit of log-odds, and the largest lean kept (a word seen on one side only). */
const LEAN_STEPS = 2;
const MAX_LEAN = 4;
/** A lean of k steps is the character LEAN_ZERO + k ('a'…'q' for -8…8): one character a stem. */
const LEAN_ZERO = 'i'.charCodeAt(0);

/**
 * Each kept stem's lean: the log-odds of its document frequency among life-science documents
 * against physical-science and computing ones (add-one smoothed), in steps of 1/LEAN_STEPS,
 * clipped to ±MAX_LEAN, as one character per stem of `stems`.
 * Life-science documents here are longer (abstracts against body paragraphs and five-sentence
 * chunks), so common words lean a little to them; the scorer reads only the gap between two
 * texts' leans, where that offset cancels. Shares of words instead of documents remove the offset
 * but caught fewer same-field swaps (docs/measurements.md).
 */
function fieldTable(kept: string[], fieldDf: Record<Field, Map<string, number>>, fieldDocs: Record<Field, number>) {
  const max = MAX_LEAN * LEAN_STEPS;
  const lean = kept.map((stem) => {
    const life = ((fieldDf.life.get(stem) ?? 0) + 1) / (fieldDocs.life + 2);
    const quant = ((fieldDf.quant.get(stem) ?? 0) + 1) / (fieldDocs.quant + 2);
    const steps = Math.max(-max, Math.min(max, Math.round(Math.log(life / quant) * LEAN_STEPS)));
    return String.fromCharCode(LEAN_ZERO + steps);
  });
  return { docs: fieldDocs, steps: LEAN_STEPS, zero: String.fromCharCode(LEAN_ZERO), lean: lean.join('') };
}

function main(): void {
  const data = process.argv[2];
  if (!data) {
    console.error('usage: node out/models/build-term-stats.js <datasets dir, e.g. /work/shared/datasets>');
    process.exit(2);
  }
  const sources: [string, Doc[]][] = [
    ['rxiv-metadata', rxiv(data)],
    ['scifact corpus', scifact(data)],
    ['check-covid corpus', checkCovid(data)],
    ['unarxive sample', unarxive(data)],
    ['cl-scisumm Training-Set-2018 papers', clSciSumm(data)],
  ];
  const df = new Map<string, number>();
  const fieldDf: Record<Field, Map<string, number>> = { life: new Map(), quant: new Map() };
  const fieldDocs: Record<Field, number> = { life: 0, quant: 0 };
  let docs = 0;
  for (const [, list] of sources) {
    for (const { text: body, field } of list) {
      if (!body.trim()) continue;
      docs++;
      if (field) fieldDocs[field]++;
      for (const s of new Set(stems(body, SCORING_TOKENS))) {
        df.set(s, (df.get(s) ?? 0) + 1);
        if (field) fieldDf[field].set(s, (fieldDf[field].get(s) ?? 0) + 1);
      }
    }
  }
  // Sorted as JavaScript compares strings, for the scorer's binary search (termStats.ts).
  const kept = [...df.keys()].filter((stem) => df.get(stem)! >= MIN_DF && !/\s/.test(stem)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const out = {
    docs,
    minDf: MIN_DF,
    sources: Object.fromEntries(sources.map(([name, list]) => [name, list.length])),
    stems: kept.join(' '),
    df: kept.map((stem) => df.get(stem)!.toString(36)).join(' '),
    field: fieldTable(kept, fieldDf, fieldDocs),
  };
  writeFileSync(OUT, JSON.stringify(out) + '\n');
  console.log(`${docs} documents, ${df.size} stems, ${kept.length} kept (df ≥ ${MIN_DF}); wrote ${OUT}`);
  console.log(JSON.stringify(out.sources));
}

main();
