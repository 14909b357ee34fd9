// Stand-in for dblp.org, mounted at `${standIn.url}/dblp` (`standIn.settings['sources.dblp.url']`
// points there). Answers in DBLP's real formats (test/fixtures/dblp, see PROVENANCE.md):
//
//   GET /search/publ/api?q=…&format=json[&h=N][&f=F]
//       every word of q must match a record's title, authors, venue or year (stemmed, so roughly
//       DBLP's prefix match; `a|b` matches either), best first by words matched, in the recorded raw envelope (`result.hits.hit[]`, all
//       numbers as strings). No match: `hits` with `@total` "0" and no `hit` (a stand-in choice:
//       no zero-hit recording exists). Anything but format=json: 400.
//   GET /rec/{key}.bib
//       the recorded .bib of that key, else one written in dblp's layout for a registered
//       record; an unknown key gets 404.
//
// The corpus is the recorded hits plus whatever a test or benchmark registers with
// registerDblpRecords (HALLMARK's pool_dev.jsonl, say), turned into DBLP's form: title ending
// with a period, homonym numbers kept in names, a single author as an object, CoRR records with
// venue "CoRR" and volume "abs/ID".
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { fixturePath, send, type StandIn, type StandInRequest } from './server';
import { stems, tinySearch, type BoolQuery, type Searchable } from './tinySearch';

/** A work as a benchmark knows it (HALLMARK's pool_dev.jsonl has exactly these fields). */
export interface PoolRecord {
  /** DBLP key, e.g. `conf/nips/AbbasS21` or `journals/corr/abs-2602-12279`. */
  key: string;
  title: string;
  /** DBLP's form, homonym numbers included: "Satinder Singh 0001". */
  authors: string[];
  year: number;
  /** DBLP's short venue ("NeurIPS", "J. Mach. Learn. Res."); null for a CoRR preprint. */
  venue?: string | null;
  /** 'inproceedings' | 'article'. */
  type: string;
  doi?: string;
  arxiv?: string;
  url?: string;
  volume?: string;
  pages?: string;
}

/** One hit's `info` as DBLP writes it. */
export type DblpInfo = Record<string, unknown>;

const HIT_FILES = [
  'hits_deep-residual-learning_h5_cvpr-and-corr.json',
  'hits_variational-inducing-variables_single-author-object.json',
  'hits_pandoras-box_single-author_apos-entity.json',
  'hits_deep-learning_editorship-and-theses.json',
];
const ENVELOPE_FILE = 'search_attention-is-all-you-need_h1_raw-envelope.json';
const BIB_FILES = ['rec_conf-mlsys-2019_proceedings.bib', 'rec_iclr-2017_two-records.bib'];

interface Corpus {
  infos: DblpInfo[];
  searchable: Searchable<DblpInfo>[];
  bibByKey: Map<string, string>;
}

const corpusByStandIn = new WeakMap<StandIn, Corpus>();

function readFixture(name: string): string {
  return readFileSync(fixturePath('dblp', name), 'utf8');
}

function authorNames(info: DblpInfo): string[] {
  const author = (info.authors as { author?: unknown } | undefined)?.author;
  const list = Array.isArray(author) ? author : author ? [author] : [];
  return list.map((a) => String((a as { text?: unknown }).text ?? ''));
}

function searchableOf(info: DblpInfo): Searchable<DblpInfo> {
  const text = [info.title, ...authorNames(info), info.venue, info.year].filter(Boolean).join(' ');
  return { item: info, fields: { all: stems(text.replace(/&apos;/g, "'")) } };
}

function recordedCorpus(): Corpus {
  const infos = HIT_FILES.flatMap((file) => (JSON.parse(readFixture(file)) as { info: DblpInfo }[]).map((h) => h.info));
  const bibByKey = new Map<string, string>();
  for (const file of BIB_FILES) {
    for (const entry of readFixture(file).split(/\n(?=@)/)) {
      const key = /^@\w+\{DBLP:([^,]+),/.exec(entry.trim())?.[1];
      if (key) bibByKey.set(key, entry.trim() + '\n');
    }
  }
  return { infos, searchable: infos.map(searchableOf), bibByKey };
}

function corpusOf(standIn: StandIn): Corpus {
  let corpus = corpusByStandIn.get(standIn);
  if (!corpus) {
    corpus = recordedCorpus();
    corpusByStandIn.set(standIn, corpus);
  }
  return corpus;
}

/** DBLP closes every title with a period, except one that ends with ? or ! (or a period already). */
function dblpTitleOf(title: string): string {
  return /[.?!]$/.test(title.trim()) ? title.trim() : `${title.trim()}.`;
}

function isCorr(record: PoolRecord): boolean {
  return record.key.startsWith('journals/corr/') || (!record.venue && record.arxiv !== undefined);
}

/** A pool record as DBLP's search would return it (field order as DBLP writes them). */
export function dblpInfoOf(record: PoolRecord): DblpInfo {
  const authors = record.authors.map((name) => ({ text: name }));
  const corr = isCorr(record);
  const info: DblpInfo = {};
  if (authors.length > 0) info.authors = { author: authors.length === 1 ? authors[0] : authors };
  info.title = dblpTitleOf(record.title);
  const venue = corr ? 'CoRR' : record.venue;
  if (venue) info.venue = venue;
  const volume = corr && record.arxiv ? `abs/${record.arxiv}` : record.volume;
  if (volume) info.volume = volume;
  if (record.pages) info.pages = record.pages;
  info.year = String(record.year);
  info.type = corr ? 'Informal and Other Publications' : record.type === 'article' ? 'Journal Articles' : 'Conference and Workshop Papers';
  info.key = record.key;
  // DBLP writes the doi field upper-cased and keeps the registrant's case in ee.
  if (record.doi) info.doi = record.doi.toUpperCase();
  const ee = record.doi ? `https://doi.org/${record.doi}` : corr && record.arxiv ? `https://arxiv.org/abs/${record.arxiv}` : record.url;
  if (ee) info.ee = ee;
  info.url = `https://dblp.org/rec/${record.key}`;
  return info;
}

/**
 * A registered record's .bib in the layout of dblp's rec/{key}.bib. Simpler than dblp's own:
 * the booktitle is the short venue and year (dblp writes the proceedings' full title), and
 * names stay in UTF-8 (dblp escapes accents as {\'{e}}).
 */
export function dblpBibOf(record: PoolRecord): string {
  const corr = isCorr(record);
  const entryType = corr || record.type === 'article' ? 'article' : 'inproceedings';
  const fields: [string, string][] = [];
  // dblp's BibTeX names authors without their homonym numbers (the recorded "Thomas Laurent" of
  // DBLP:conf/iclr/0001B17); its search JSON keeps them.
  const authors = record.authors.map((name) => name.replace(/\s+\d{4}$/, ''));
  if (authors.length > 0) fields.push(['author', authors.join(' and\n               ')]);
  fields.push(['title', record.title]);
  if (corr) {
    fields.push(['journal', 'CoRR']);
    if (record.arxiv) fields.push(['volume', `abs/${record.arxiv}`]);
  } else if (entryType === 'article') {
    fields.push(['journal', record.venue ?? '']);
    if (record.volume) fields.push(['volume', record.volume]);
  } else {
    fields.push(['booktitle', `${record.venue ?? ''} ${record.year}`.trim()]);
  }
  if (record.pages) fields.push(['pages', record.pages]);
  fields.push(['year', String(record.year)]);
  if (record.url) fields.push(['url', record.url]);
  if (corr && record.arxiv) fields.push(['eprinttype', 'arXiv'], ['eprint', record.arxiv]);
  if (record.doi) fields.push(['doi', record.doi]);
  fields.push(['biburl', `https://dblp.org/rec/${record.key}.bib`], ['bibsource', 'dblp computer science bibliography, https://dblp.org']);
  const body = fields.map(([name, value]) => `  ${name.padEnd(9)} = {${value}}`).join(',\n');
  return `@${entryType}{DBLP:${record.key},\n${body}\n}\n`;
}

/**
 * Adds works to the stand-in's DBLP (after the recorded ones), in DBLP's form; a key already
 * there is replaced. Call after startStandIn; records stay until the stand-in closes.
 */
export function registerDblpRecords(standIn: StandIn, records: Iterable<PoolRecord>): void {
  const corpus = corpusOf(standIn);
  for (const record of records) {
    const info = dblpInfoOf(record);
    const at = corpus.infos.findIndex((known) => known.key === record.key);
    if (at >= 0) {
      corpus.infos[at] = info;
      corpus.searchable[at] = searchableOf(info);
    } else {
      corpus.infos.push(info);
      corpus.searchable.push(searchableOf(info));
    }
    corpus.bibByKey.set(record.key, dblpBibOf(record));
  }
}

function searchPublications(standIn: StandIn, req: StandInRequest, res: ServerResponse): void {
  const params = req.url.searchParams;
  if (params.get('format') !== 'json') return send(res, 400, 'The stand-in answers format=json only.');
  const q = params.get('q') ?? '';
  const h = Math.min(1000, Math.max(0, Number(params.get('h') ?? 30) || 30));
  const f = Math.max(0, Number(params.get('f') ?? 0) || 0);
  // Words are AND-ed; `a|b|c` is one OR group, as on dblp.org.
  const groups = q.split(/\s+/).map((token) => token.split('|').flatMap((word) => stems(word)).map((s) => ({ field: 'all', stems: [s] })));
  const parts: BoolQuery[] = groups
    .filter((group) => group.length > 0)
    .map((group) => (group.length === 1 ? { op: 'term', term: group[0]! } : { op: 'or', parts: group.map((term) => ({ op: 'term', term })) }));
  const found = tinySearch(corpusOf(standIn).searchable, { expr: { op: 'and', parts }, terms: groups.flat() });
  const page = found.slice(f, f + h);
  const envelope = JSON.parse(readFixture(ENVELOPE_FILE)) as { result: Record<string, unknown> };
  envelope.result.query = q;
  const hits: Record<string, unknown> = {
    '@total': String(found.length),
    '@computed': String(Math.min(found.length, 100)),
    '@sent': String(page.length),
    '@first': String(f),
  };
  // DBLP's score is its own; the stand-in's rank order stands in for it.
  if (page.length > 0) hits.hit = page.map((info, i) => ({ '@score': String(Math.max(1, 9 - i)), '@id': String(100000 + f + i), info, url: `URL#${100000 + f + i}` }));
  envelope.result.hits = hits;
  send(res, 200, JSON.stringify(envelope), 'application/json');
}

export function installDblp(standIn: StandIn): void {
  standIn.handle('dblp', (req, res) => {
    if (req.method !== 'GET') return send(res, 405, 'Method not allowed');
    if (req.path === '/search/publ/api') return searchPublications(standIn, req, res);
    const key = /^\/rec\/(.+)\.bib$/.exec(req.path)?.[1];
    const bib = key ? corpusOf(standIn).bibByKey.get(decodeURIComponent(key)) : undefined;
    if (bib) return send(res, 200, bib, 'application/x-bibtex; charset=utf-8');
    send(res, 404, '<!DOCTYPE html><html><head><title>dblp: Error 404</title></head><body>Not found.</body></html>', 'text/html; charset=utf-8');
  });
}
