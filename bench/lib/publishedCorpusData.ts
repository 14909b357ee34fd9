// The works the published-search benchmark serves (bench/published.ts): SciFact's corpus as PubMed
// records, and a pool of computer-science works holding every CL-SciSumm training reference paper
// (the cited works) among real distractors from the datasets folder. Only data readers here; the
// HTTP shapes are in publishedCorpusServer.ts.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCorpus, type SciFactDoc } from './scifact-data';
import { loadClSciSumm, type Citance, type ReferencePaper } from './clscisumm-data';

/** A SciFact abstract served as a PubMed record: its doc_id stands for the PMID (SciFact has no PMIDs, years, journals or authors). */
export interface PubmedDoc {
  pmid: string;
  title: string;
  abstract: string;
}

/** A computer-science work in the pool, with what DBLP and Semantic Scholar would know of it. */
export interface CsWork {
  /** DBLP-style key (real for HALLMARK's DBLP records, built for the others). */
  key: string;
  title: string;
  abstract?: string;
  authors: string[];
  year?: number;
  venue?: string;
  /** ACL Anthology id (the CL-SciSumm reference papers). */
  acl?: string;
  arxiv?: string;
  doi?: string;
  /** Which dataset the work comes from (reported as the pool's make-up). */
  origin: string;
}

export function loadPubmedDocs(scifactDir: string): PubmedDoc[] {
  return [...loadCorpus(scifactDir).values()].map(pubmedDocOf);
}

export function pubmedDocOf(doc: SciFactDoc): PubmedDoc {
  return { pmid: String(doc.doc_id), title: doc.title, abstract: doc.abstract.join(' ') };
}

/** Venue of an ACL Anthology id by its letter (C00-2123: COLING 2000). */
const ACL_VENUES: Record<string, string> = {
  P: 'ACL', C: 'COLING', D: 'EMNLP', E: 'EACL', N: 'HLT-NAACL', H: 'HLT', I: 'IJCNLP', J: 'Comput. Linguistics', W: 'Workshop', X: 'TIPSTER',
};

/**
 * A CL-SciSumm reference paper as a published work: its title and abstract from Reference_XML,
 * its authors' surnames as its citing sentences name them (the dataset has no author lists).
 */
export function referencePaperWork(paper: ReferencePaper, citances: Citance[] = []): CsWork {
  const letter = paper.id[0]!;
  const yy = Number(paper.id.slice(1, 3));
  const year = yy > 50 ? 1900 + yy : 2000 + yy;
  const venue = ACL_VENUES[letter] ?? 'ACL';
  const abstract = paper.sentences.filter((s) => s.section === 'Abstract').map((s) => s.text).join(' ');
  const kind = letter === 'J' ? 'journals/coling' : `conf/${venue.toLowerCase().replace(/[^a-z]/g, '')}`;
  const own = citances.filter((c) => c.paper === paper.id);
  // A paper printed again the year after its meeting is cited by the earlier year (X96-1048, the
  // MUC-6 overview of 1995 in TIPSTER's 1996 proceedings: "Sundheim, 1995").
  const onTheYear = citedSurnames(own, year);
  const authors = onTheYear.length > 0 ? onTheYear : citedSurnames(own, year - 1);
  return { key: `${kind}/${paper.id}`, title: paper.title, abstract: abstract || undefined, authors, year, venue, acl: paper.id,
    origin: 'CL-SciSumm Training-Set-2018 reference papers' };
}

/**
 * The surnames citing sentences give a paper of `year` most often ("Tillmann and Ney, 2000",
 * "Zhou et al. (2005)"), when at least two of them agree; none otherwise.
 */
export function citedSurnames(citances: Citance[], year: number): string[] {
  const yy = String(year).slice(2);
  const marker = new RegExp(`\\b([A-Z][\\p{L}-]+)(?: and ([A-Z][\\p{L}-]+)| et al\\.?)?,? \\(?(?:19|20)?${yy}[a-z]?\\b`, 'gu');
  const counts = new Map<string, number>();
  for (const citance of citances) {
    for (const m of citance.text.matchAll(marker)) {
      const names = [m[1]!, m[2]].filter(Boolean).join(' ');
      counts.set(names, (counts.get(names) ?? 0) + 1);
    }
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best && best[1] >= 2 ? best[0].split(' ') : [];
}

/**
 * Two reference papers' Reference_XML holds no title (N09-1001, W09-0621), which DBLP and Semantic
 * Scholar would show: their abstract summary begins with it, as `<S sid="0">` or as the text before
 * the abstract's first sentence.
 */
export function withTitle(paper: ReferencePaper, splitDir: string): ReferencePaper {
  const path = join(splitDir, paper.id, 'summary', `${paper.id}.abstract.summary.txt`);
  if (paper.title || !existsSync(path)) return paper;
  return { ...paper, title: summaryTitle(readFileSync(path, 'utf8'), paper) };
}

export function summaryTitle(summary: string, paper: ReferencePaper): string {
  const tagged = /<S\b[^>]*\bsid\s*=\s*"0"[^>]*>([\s\S]*?)<\/S>/.exec(summary)?.[1];
  if (tagged) return tagged.replace(/\s+/g, ' ').trim();
  const opening = paper.sentences.find((s) => s.section === 'Abstract')?.text.slice(0, 30);
  const at = opening ? summary.indexOf(opening) : -1;
  return at > 0 ? summary.slice(0, at).replace(/\s+/g, ' ').trim() : '';
}

/** The CS pool: every training reference paper first, then the distractors that exist under `data`. */
export function loadCsPool(data: string): CsWork[] {
  const { papers, citances } = loadClSciSumm(join(data, 'cl-scisumm'), 'train');
  const works = [...papers.values()].map((paper) => referencePaperWork(withTitle(paper, join(data, 'cl-scisumm', 'Training-Set-2018')), citances));
  const seen = new Set(works.map((w) => normalTitle(w.title)));
  for (const work of distractors(data)) {
    const title = normalTitle(work.title);
    if (!title || seen.has(title)) continue;
    seen.add(title);
    works.push(work);
  }
  return works;
}

function distractors(data: string): CsWork[] {
  const meta = join(data, 'rxiv-metadata');
  return [
    ...readIf(join(data, 'hallmark', 'pool_dev.jsonl'), (text) => jsonl(text).map(hallmarkWork)),
    ...readIf(join(meta, 'arxiv-cscl-2026-03_lthei', 'arxiv_papers.json'), (text) => (JSON.parse(text) as CsclPaper[]).map(csclWork)),
    ...readIf(join(meta, 'rxiv-daily_Lcollection', 'arxiv.jsonl'), (text) => jsonl(text).map(dailyWork)),
    ...readIf(join(meta, 'arxiv-oai-snapshot-head200', 'arxiv-metadata-oai-snapshot.head200.jsonl'), (text) =>
      jsonl(text).filter((r) => /\bcs\./.test(String(r.categories))).map(oaiWork)),
    ...readIf(join(meta, 's2orc-metadata-sample', 'sample.jsonl'), (text) =>
      jsonl(text).filter((r) => String(r.mag_field_of_study).includes('Computer Science')).map(s2orcWork)),
  ];
}

type Row = Record<string, unknown>;
interface CsclPaper { id: string; title: string; abstract: string; authors: string[]; year: number }

function readIf<T>(path: string, read: (text: string) => T[]): T[] {
  return existsSync(path) ? read(readFileSync(path, 'utf8')) : [];
}

function jsonl(text: string): Row[] {
  return text.split('\n').filter((line) => line.trim()).map((line) => JSON.parse(line) as Row);
}

/** DBLP's key of an arXiv paper: journals/corr/abs-2603-11048. */
function corrKey(arxiv: string): string {
  return `journals/corr/abs-${arxiv.replace(/v\d+$/, '').replace(/[./]/g, '-')}`;
}

function arxivWork(arxiv: string, title: string, abstract: string, authors: string[], year: number | undefined, origin: string): CsWork {
  const id = arxiv.replace(/v\d+$/, '');
  return { key: corrKey(id), title: clean(title), abstract: clean(abstract), authors, year, venue: 'CoRR', arxiv: id, origin };
}

/** A HALLMARK pool_dev.jsonl record (a real DBLP record: key, title, authors, year, venue). */
export function hallmarkWork(r: Record<string, unknown>): CsWork {
  return { key: String(r.key), title: String(r.title), authors: (r.authors as string[]) ?? [], year: Number(r.year) || undefined,
    venue: r.venue ? String(r.venue) : undefined, doi: r.doi ? String(r.doi) : undefined, origin: 'HALLMARK pool_dev (DBLP records)' };
}

function csclWork(p: CsclPaper): CsWork {
  return arxivWork(p.id, p.title, p.abstract, p.authors, p.year, 'arXiv cs.CL, March 2026');
}

function dailyWork(r: Row): CsWork {
  const id = /abs\/([^v\s]+)/.exec(String(r.paper_url))?.[1] ?? String(r.id);
  return arxivWork(id, String(r.title), String(r.abstract ?? ''), r.first_author ? [String(r.first_author)] : [],
    Number(String(r.published_date).slice(0, 4)) || undefined, 'arXiv daily picks, May-Aug 2026');
}

function oaiWork(r: Row): CsWork {
  const year = Number(String(r.update_date).slice(0, 4)) || undefined;
  const authors = ((r.authors_parsed as string[][]) ?? []).map(([last, first]) => `${first ?? ''} ${last ?? ''}`.trim());
  return arxivWork(String(r.id), String(r.title), String(r.abstract ?? ''), authors, year, 'arXiv OAI snapshot, cs records of the first 200');
}

function s2orcWork(r: Row): CsWork {
  const value = (v: unknown) => (v && v !== 'None' ? String(v) : undefined);
  const authors = ((r.authors as { first?: string; last?: string }[]) ?? []).map((a) => `${a.first ?? ''} ${a.last ?? ''}`.trim());
  return { key: `s2orc/${String(r.paper_id)}`, title: clean(String(r.title)), abstract: value(r.abstract), authors, year: Number(r.year) || undefined,
    venue: value(r.venue) ?? value(r.journal), doi: value(r.doi), acl: value(r.acl_id), origin: 'S2ORC metadata sample, computer science' };
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Title compared across services: accents folded, lower case, letters and digits only. */
export function normalTitle(title: string): string {
  return title.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}
