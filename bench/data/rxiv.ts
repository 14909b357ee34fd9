// Labelled titles and abstracts for the discipline router, read from the shared datasets
// (pass the datasets folder, e.g. /work/shared/datasets, or its rxiv-metadata subfolder).
// Used by models/train-router.ts and bench/routing.ts; never by the extension at run time.
//
// Labels:
//   arXiv records with categories (cs.CL 2026-03 sample, OAI snapshot head, unarXive sample):
//     by primary category: cs/eess → computer-science; math → mathematics; stat → statistics;
//     astro-ph, cond-mat, gr-qc, hep-*, nucl-*, quant-ph, physics, nlin, math-ph → physics.
//   arXiv daily picks (rxiv-daily, no categories): computer-science (they are overwhelmingly
//     cs.AI/LG/CV/RO/CL; the few others are label noise, kept rather than hand-picked).
//   bioRxiv daily picks → biology; medRxiv daily picks → medicine.
//   S2ORC sample: single-field records of Physics, Mathematics, Computer Science, Biology, Medicine.
//   HALLMARK pool_dev's real works (machine-learning conference and journal papers; its public dev
//     split, titles only) → computer-science.
//   Check-COVID corpus (CORD-19 abstracts) → medicine.
//   bioRxiv / medRxiv `details` API dumps → biology / medicine (by the server that holds them).
//
// ACM-CR is never read: it is kept out of every use (training, tuning and measuring alike).
//
// The label is where the paper was posted, which is what routing must predict: an applied
// biostatistics study posted on medRxiv is medicine, a methods paper posted on arXiv stat.* is
// statistics (there are almost none in these datasets: see models/train-router.ts).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { basename, dirname, join } from 'node:path';
import { splitSentences } from '../../src/core/text/sentences';
import type { Discipline } from '../../src/core/types';

export interface LabelledDoc {
  id: string;
  title: string;
  abstract: string;
  discipline: Discipline;
  /** Which dataset it came from. */
  origin: string;
}

export type Split = 'train' | 'dev' | 'test';

/** Deterministic split by a hash of the normalised title: 70% train, 10% dev, 20% test. */
export function splitOf(doc: LabelledDoc): Split {
  const bucket = createHash('sha256').update(normaliseTitle(doc.title)).digest().readUInt32BE(0) % 10;
  return bucket < 7 ? 'train' : bucket < 8 ? 'dev' : 'test';
}

export function normaliseTitle(title: string): string {
  return title.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

export function disciplineOfArxivCategory(category: string): Discipline | undefined {
  const archive = category.split('.')[0]!;
  if (archive === 'cs' || archive === 'eess') return 'computer-science';
  // math.ST is the same archive as stat.TH (statistics theory), cross-listed under its math name.
  if (category === 'math.ST') return 'statistics';
  if (archive === 'math') return 'mathematics';
  if (archive === 'stat') return 'statistics';
  if (/^(astro-ph|cond-mat|gr-qc|hep-\w+|nucl-\w+|quant-ph|physics|nlin|math-ph)$/.test(archive)) return 'physics';
  return undefined; // q-bio, q-fin, econ: not our disciplines
}

const S2ORC_FIELDS: Record<string, Discipline> = {
  Physics: 'physics',
  Mathematics: 'mathematics',
  'Computer Science': 'computer-science',
  Biology: 'biology',
  Medicine: 'medicine',
};

/** Loads every labelled document found under `dataDir`, deduplicated by normalised title. */
export function loadLabelledDocs(dataDir: string): LabelledDoc[] {
  const root = basename(dataDir) === 'rxiv-metadata' ? dirname(dataDir) : dataDir;
  const rxiv = join(root, 'rxiv-metadata');
  const docs: LabelledDoc[] = [
    ...readDaily(join(rxiv, 'rxiv-daily_Lcollection')),
    ...readJsonl(join(rxiv, 'rxiv-daily_Lcollection', 'biorxiv_recent_full-authors.jsonl')).map((r) =>
      doc(`biorxiv:${r.doi}`, r.title, r.abstract, 'biology', 'biorxiv-full-authors'),
    ),
    ...readApiDump(join(rxiv, 'biorxiv-api-dumps_es-journals')),
    ...readCsclSample(join(rxiv, 'arxiv-cscl-2026-03_lthei', 'arxiv_papers.json')),
    ...readJsonl(join(rxiv, 'arxiv-oai-snapshot-head200', 'arxiv-metadata-oai-snapshot.head200.jsonl')).map((r) =>
      arxivDoc(r, 'arxiv-oai-head200'),
    ),
    ...readUnarxive(join(root, 'unarxive-sample', 'unarXive_data_sample.tar.gz')),
    ...readS2orc(join(rxiv, 's2orc-metadata-sample', 'sample.jsonl')),
    // Real machine-learning papers (NeurIPS, ICML, ICLR, CVPR, AAAI, JMLR), titles only.
    ...readJsonl(join(root, 'hallmark', 'pool_dev.jsonl'))
      .filter((r) => Array.isArray(r.src) && (r.src.includes('valid_entries') || r.src.includes('journal_articles')))
      .map((r) => doc(`hallmark:${r.key}`, r.title, '', 'computer-science', 'hallmark-pool-dev')),
    ...readJsonl(join(root, 'check-covid', 'corpus.json')).map((r) =>
      doc(`cord:${r.cord_id}`, r.title, Array.isArray(r.abstract) ? r.abstract.join(' ') : r.abstract, 'medicine', 'check-covid'),
    ),
  ].filter((d): d is LabelledDoc => d !== undefined);
  const seen = new Set<string>();
  return docs.filter((d) => {
    const key = normaliseTitle(d.title);
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// Raw dataset rows: each reader checks the fields it uses.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of several datasets, checked field by field where read
type Json = Record<string, any>;

function doc(id: string, title: unknown, abstract: unknown, discipline: Discipline, origin: string): LabelledDoc | undefined {
  const t = typeof title === 'string' && title !== 'None' ? title.replace(/\s+/g, ' ').trim() : '';
  const a = typeof abstract === 'string' && abstract !== 'None' ? abstract.replace(/\s+/g, ' ').trim() : '';
  return t ? { id, title: t, abstract: a, discipline, origin } : undefined;
}

function readJsonl(path: string): Json[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Json);
}

function readDaily(dir: string): (LabelledDoc | undefined)[] {
  const labels: Record<string, Discipline> = { arxiv: 'computer-science', biorxiv: 'biology', medrxiv: 'medicine' };
  return Object.entries(labels).flatMap(([server, discipline]) =>
    readJsonl(join(dir, `${server}.jsonl`)).map((r) => doc(`${server}:${r.arxiv_id ?? r.doi ?? r.id}`, r.title, r.abstract, discipline, `${server}-daily`)),
  );
}

/** Raw `details` API answers of bioRxiv and medRxiv: a JSON array per server. */
function readApiDump(dir: string): (LabelledDoc | undefined)[] {
  const labels: Record<string, Discipline> = { biorxiv: 'biology', medrxiv: 'medicine' };
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .flatMap((name) => {
      const server = name.split('_')[0]!;
      const discipline = labels[server];
      if (!discipline) return [];
      return (JSON.parse(readFileSync(join(dir, name), 'utf8')) as Json[]).map((r) => doc(`${server}:${r.doi}`, r.title, r.abstract, discipline, `${server}-api-dump`));
    });
}

function arxivDoc(r: Json, origin: string): LabelledDoc | undefined {
  const categories = String(Array.isArray(r.categories) ? r.categories.join(' ') : r.categories ?? '').split(/\s+/);
  const discipline = disciplineOfArxivCategory(categories[0] ?? '');
  return discipline ? doc(`arxiv:${r.id}`, r.title, r.abstract, discipline, origin) : undefined;
}

function readCsclSample(path: string): (LabelledDoc | undefined)[] {
  if (!existsSync(path)) return [];
  return (JSON.parse(readFileSync(path, 'utf8')) as Json[]).map((r) => arxivDoc(r, 'arxiv-cscl'));
}

function readS2orc(path: string): (LabelledDoc | undefined)[] {
  return readJsonl(path).map((r) => {
    const fields = Array.isArray(r.mag_field_of_study) ? (r.mag_field_of_study as string[]) : [];
    const discipline = fields.length === 1 ? S2ORC_FIELDS[fields[0]!] : undefined;
    return discipline ? doc(`s2orc:${r.paper_id}`, r.title, r.abstract, discipline, 's2orc') : undefined;
  });
}

/** The unarXive sample is a tar.gz holding one jsonl; read it without extracting to disk. */
function readUnarxive(path: string): (LabelledDoc | undefined)[] {
  if (!existsSync(path)) return [];
  const tar = gunzipSync(readFileSync(path));
  const docs: (LabelledDoc | undefined)[] = [];
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const name = tar.toString('utf8', offset, offset + 100).replace(/\0.*$/s, '');
    const size = parseInt(tar.toString('utf8', offset + 124, offset + 136).replace(/\0.*$/s, '').trim() || '0', 8);
    if (!name) break;
    if (name.endsWith('.jsonl')) {
      for (const line of tar.toString('utf8', offset + 512, offset + 512 + size).split('\n')) {
        if (line.trim()) docs.push(arxivDoc((JSON.parse(line) as Json).metadata, 'unarxive'));
      }
    }
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return docs;
}

/** Claim-like probes of a document: its title and one sentence from the middle of its abstract. */
export function probes(doc: LabelledDoc): string[] {
  const sentences = splitSentences(doc.abstract, 'claim');
  const middle = sentences[Math.floor(sentences.length / 2)];
  return middle && middle !== doc.title ? [doc.title, middle] : [doc.title];
}

export interface HeadedSentence {
  text: string;
  /** The structured-abstract label the sentence sat under ("Methods"), if any. */
  heading?: string;
}

const ABSTRACT_HEADINGS = new Set(
  ('background introduction objective objectives aim aims purpose methods method design setting participants ' +
    'materials and methods patients and methods results findings conclusion conclusions interpretation ' +
    'discussion significance importance summary context motivation').split(' '),
);
const MULTIWORD_HEADINGS = ['materials and methods', 'patients and methods', 'methods and findings', 'methods and results'];

/**
 * The abstract's sentences with structured-abstract labels ("Methods: …", "BACKGROUND …") taken
 * out and kept as the sentence's heading: a real claim never starts with such a label, but the
 * section heading it sits under is context the claim stage does see.
 */
export function headedSentences(abstract: string): HeadedSentence[] {
  let heading: string | undefined;
  return splitSentences(abstract, 'claim').map((sentence) => {
    const label = leadingHeading(sentence);
    if (label) heading = label;
    return { text: label ? sentence.slice(label.length).replace(/^\s*[:.\-–]?\s*/, '') : sentence, heading };
  });
}

function leadingHeading(sentence: string): string | undefined {
  const lower = sentence.toLowerCase();
  const multi = MULTIWORD_HEADINGS.find((h) => lower.startsWith(h));
  const candidate = multi ?? lower.match(/^[a-z]+/)?.[0];
  if (!candidate || (!multi && !ABSTRACT_HEADINGS.has(candidate))) return undefined;
  // A label is followed by a colon or full stop, or by a capitalised word ("Background The …");
  // "Results show that …" is a sentence, not a label.
  const rest = sentence.slice(candidate.length);
  return /^\s*[:.]\s*\S|^\s+[A-Z0-9]/.test(rest) && rest.trim().length > 0 ? sentence.slice(0, candidate.length) : undefined;
}
