// Works a benchmark or test registers with the stand-in (HALLMARK's pool_dev.jsonl, say), served
// by Crossref, arXiv and doi.org each in its own form, beside the recorded payloads:
//
//   Crossref  only works with a DOI; the recorded IEEE proceedings work JSON as the template,
//             with given/family names (DBLP's homonym numbers are no part of a name), the full
//             container title as the publisher deposits it and its short-container-title
//             (see CROSSREF_VENUES), type proceedings-article / journal-article. Search
//             (`query.bibliographic`) ranks by shared title and author words, like Crossref's
//             relevance search: it always answers with its best few, related or not.
//   arXiv     only works with an arXiv id: id_list answers an Atom entry in the recorded layout.
//   doi.org   a registered DOI redirects like the recorded chain; anything else: Crossref's 404.
//
// DBLP's form is test/standin/dblp.ts's registerDblpRecords. Unregistered requests fall through
// to the recorded handlers.
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { fixturePath, send, type StandIn, type StandInHandler, type StandInRequest } from './server';
import type { PoolRecord } from './dblp';
import { stems } from './tinySearch';

/**
 * How publishers deposit these venues at Crossref (container-title, short-container-title), as
 * the live API shows them: IEEE puts the year and the acronym in the proceedings title and no
 * short title; AAAI and Springer deposit a short title; ECCV papers are LNCS chapters.
 */
const CROSSREF_VENUES: Record<string, (year: number) => { container: string[]; short: string[]; type: string }> = {
  CVPR: (y) => ({ container: [`${y} IEEE/CVF Conference on Computer Vision and Pattern Recognition (CVPR)`], short: [], type: 'proceedings-article' }),
  ICCV: (y) => ({ container: [`${y} IEEE/CVF International Conference on Computer Vision (ICCV)`], short: [], type: 'proceedings-article' }),
  AAAI: () => ({ container: ['Proceedings of the AAAI Conference on Artificial Intelligence'], short: ['AAAI'], type: 'journal-article' }),
  'Mach. Learn.': () => ({ container: ['Machine Learning'], short: ['Mach Learn'], type: 'journal-article' }),
  Nature: () => ({ container: ['Nature'], short: ['Nature'], type: 'journal-article' }),
  ECCV: (y) => ({ container: ['Lecture Notes in Computer Science', `Computer Vision – ECCV ${y}`], short: [], type: 'book-chapter' }),
};

const TEMPLATE = 'works_10.1109_icdcsw.2003.1203662_ieee-proceedings.json';
const LIST = 'works_query-ecology_rows2_work-list.json';

/** "Lei Liu 0049" → given "Lei", family "Liu" (the homonym number is DBLP's, not the name's). */
function crossrefAuthor(name: string, index: number) {
  const words = name.replace(/\s+\d{4}$/, '').trim().split(/\s+/);
  const family = words.pop() ?? '';
  return { given: words.join(' '), family, sequence: index === 0 ? 'first' : 'additional', affiliation: [] };
}

export function crossrefWorkOf(record: PoolRecord): Record<string, unknown> {
  const template = (JSON.parse(readFileSync(fixturePath('crossref', TEMPLATE), 'utf8')) as { message: Record<string, unknown> }).message;
  const venue = CROSSREF_VENUES[record.venue ?? '']?.(record.year) ?? { container: record.venue ? [record.venue] : [], short: [], type: record.type === 'article' ? 'journal-article' : 'proceedings-article' };
  const date = { 'date-parts': [[record.year]] };
  const work: Record<string, unknown> = {
    ...template,
    DOI: record.doi!.toLowerCase(),
    prefix: record.doi!.split('/')[0],
    URL: `https://doi.org/${record.doi!.toLowerCase()}`,
    title: [record.title],
    author: record.authors.map(crossrefAuthor),
    'container-title': venue.container,
    'short-container-title': venue.short,
    type: venue.type,
    published: date,
    issued: date,
    'published-print': date,
    event: undefined,
    reference: undefined,
    'reference-count': 0,
  };
  if (record.pages) work.page = record.pages;
  else delete work.page;
  if (record.volume) work.volume = record.volume;
  return work;
}

function arxivEntryOf(record: PoolRecord): string {
  const id = record.arxiv!;
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const authors = record.authors.map((a) => `    <author>\n      <name>${escape(a.replace(/\s+\d{4}$/, ''))}</name>\n    </author>`).join('\n');
  const published = `${record.year}-01-15T12:00:00Z`;
  return `<entry>
    <id>http://arxiv.org/abs/${id}v1</id>
    <title>${escape(record.title)}</title>
    <updated>${published}</updated>
    <link href="https://arxiv.org/abs/${id}v1" rel="alternate" type="text/html"/>
    <link href="https://arxiv.org/pdf/${id}v1" rel="related" type="application/pdf" title="pdf"/>
    <summary>${escape(record.title)}</summary>
    <category term="cs.LG" scheme="http://arxiv.org/schemas/atom"/>
    <published>${published}</published>
    <arxiv:primary_category term="cs.LG"/>
${authors}
  </entry>`;
}

function arxivFeed(entries: string[]): string {
  const envelope = readFileSync(fixturePath('arxiv-atom', 'api2026_idlist_1605.08386.atom.xml'), 'utf8');
  const head = envelope.slice(0, envelope.indexOf('  <entry>'));
  const tail = envelope.slice(envelope.lastIndexOf('</entry>') + '</entry>'.length);
  return (head + entries.map((e) => '  ' + e).join('\n') + tail).replace(/<opensearch:totalResults>\d+</, `<opensearch:totalResults>${entries.length}<`);
}

interface Registered {
  byDoi: Map<string, Record<string, unknown>>;
  byArxiv: Map<string, PoolRecord>;
  searchable: { work: Record<string, unknown>; words: Set<string> }[];
}

function crossrefSearch(registered: Registered, req: StandInRequest, res: ServerResponse, fallback: StandInHandler | undefined) {
  const params = req.url.searchParams;
  const query = stems(`${params.get('query.bibliographic') ?? ''} ${params.get('query.author') ?? ''}`);
  const rows = Math.max(1, Number(params.get('rows') ?? 20) || 20);
  const ranked = registered.searchable
    .map((s) => ({ work: s.work, score: query.filter((q) => s.words.has(q)).length }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, rows);
  if (ranked.length === 0 && fallback) return fallback(req, res);
  const envelope = JSON.parse(readFileSync(fixturePath('crossref', LIST), 'utf8')) as { message: Record<string, unknown> };
  envelope.message = { ...envelope.message, 'total-results': ranked.length, 'items-per-page': rows, items: ranked.map((r) => ({ ...r.work, score: r.score })) };
  send(res, 200, JSON.stringify(envelope), 'application/json');
}

/** Serves `records` from the stand-in's Crossref, arXiv and doi.org (see the header). */
export function registerPoolRecords(standIn: StandIn, records: Iterable<PoolRecord>): void {
  const registered: Registered = { byDoi: new Map(), byArxiv: new Map(), searchable: [] };
  for (const record of records) {
    if (record.arxiv) registered.byArxiv.set(record.arxiv, record);
    if (!record.doi || record.doi.toLowerCase().startsWith('10.48550/')) continue;
    const work = crossrefWorkOf(record);
    registered.byDoi.set(record.doi.toLowerCase(), work);
    registered.searchable.push({ work, words: new Set(stems(`${record.title} ${record.authors.join(' ')}`)) });
  }
  const crossref = standIn.handlerOf('crossref');
  standIn.handle('crossref', (req, res) => {
    if (/^(?:\/v1)?\/works\/?$/.test(req.path)) return crossrefSearch(registered, req, res, crossref);
    const doi = /^(?:\/v1)?\/works\/(.+?)\/?$/.exec(req.path)?.[1];
    const work = doi ? registered.byDoi.get(decodeURIComponent(doi).toLowerCase()) : undefined;
    if (!work) return crossref?.(req, res);
    send(res, 200, JSON.stringify({ status: 'ok', 'message-type': 'work', 'message-version': '1.0.0', message: work }), 'application/json');
  });
  const arxiv = standIn.handlerOf('arxiv');
  standIn.handle('arxiv', (req, res) => {
    const ids = (req.url.searchParams.get('id_list') ?? '').split(',').map((s) => s.trim().replace(/v\d+$/, '')).filter(Boolean);
    const found = ids.map((id) => registered.byArxiv.get(id)).filter((r): r is PoolRecord => r !== undefined);
    if (ids.length === 0 || found.length === 0) return arxiv?.(req, res);
    send(res, 200, arxivFeed(found.map(arxivEntryOf)), 'application/atom+xml; charset=utf-8');
  });
}
