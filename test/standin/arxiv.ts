// The arXiv export API (/api/query) on recorded Atom feeds. id_list answers with the recorded
// entries; search_query runs a tiny search over every recorded entry and splices the matches,
// byte for byte, into the envelope of a real search feed. Errors use arXiv's real shapes.
import { readdirSync, readFileSync } from 'node:fs';
import { fixturePath, send, type StandIn } from './server';
import { inYears, parseBooleanQuery, stems, takeDateRange, tinySearch, type Searchable } from './tinySearch';
import { setArxivRegistrar } from './arxivPool';

const ATOM = 'application/atom+xml; charset=utf-8';

/** Canned answers a test can ask for, by a magic query term or by `forceArxiv`. */
export type ArxivForced = 'html' | 'truncated' | 'error-entry' | 'rate-limited';
// Survives query sanitising: `standin_error-entry` reaches the wire as `"standin error entry"`.
const MAGIC_TERM = /standin[\s_-]+(html|truncated|error[\s_-]+entry|rate[\s_-]+limited)/;

function magicKind(query: string): ArxivForced | undefined {
  const match = MAGIC_TERM.exec(query);
  return match?.[1] ? (match[1].replace(/[\s_-]+/g, '-') as ArxivForced) : undefined;
}

interface RecordedEntry {
  id: string;
  version: string;
  xml: string;
}

function read(name: string): string {
  return readFileSync(fixturePath('arxiv-atom', name), 'utf8');
}

const tag = (xml: string, name: string) =>
  new RegExp(`<${name}[^>]*>([\\s\\S]*?)</${name}>`).exec(xml)?.[1]?.replace(/\s+/g, ' ').trim() ?? '';

/** Every non-error <entry> of the recorded feeds, deduplicated by versionless id. */
function loadEntries(): RecordedEntry[] {
  const entries = new Map<string, RecordedEntry>();
  const files = readdirSync(fixturePath('arxiv-atom')).filter((f) => f.endsWith('.atom.xml')).sort();
  for (const file of files) {
    for (const match of read(file).matchAll(/<entry>[\s\S]*?<\/entry>/g)) {
      const xml = match[0];
      const rawId = tag(xml, 'id');
      if (rawId.includes('/api/errors')) continue;
      const idMatch = /abs\/(.+?)(v\d+)?$/.exec(rawId);
      if (!idMatch?.[1] || entries.has(idMatch[1])) continue;
      entries.set(idMatch[1], { id: idMatch[1], version: idMatch[2] ?? '', xml });
    }
  }
  return [...entries.values()];
}

function searchable(entry: RecordedEntry): Searchable<RecordedEntry> {
  const authors = [...entry.xml.matchAll(/<name>([\s\S]*?)<\/name>/g)].map((m) => m[1]).join(' ');
  const categories = [...entry.xml.matchAll(/<category term="([^"]+)"/g)].map((m) => m[1]).join(' ');
  return {
    item: entry,
    fields: {
      ti: stems(tag(entry.xml, 'title')),
      abs: stems(tag(entry.xml, 'summary')),
      au: stems(authors),
      cat: categories.toLowerCase().split(' '),
    },
  };
}

/** The real search feed with its entries replaced by `entries` and the counts updated. */
function feed(envelope: string, entries: RecordedEntry[], total: number): string {
  const head = envelope.slice(0, envelope.indexOf('  <entry>'));
  const tail = envelope.slice(envelope.lastIndexOf('</entry>') + '</entry>'.length);
  const body = entries.map((e) => '  ' + e.xml).join('\n');
  return (head + body + tail)
    .replace(/<opensearch:totalResults>\d+</, `<opensearch:totalResults>${total}<`)
    .replace(/<opensearch:itemsPerPage>\d+</, `<opensearch:itemsPerPage>${entries.length}<`);
}

const NEW_ID = /^\d{4}\.\d{4,5}(v\d+)?$/;
const OLD_ID = /^[a-z-]+(\.[A-Z]{2})?\/\d{7}(v\d+)?$/;

const forced = new WeakMap<StandIn, ArxivForced[]>();

/** The next arXiv answers of this stand-in will be these canned responses, in order. */
export function forceArxiv(standIn: StandIn, ...kinds: ArxivForced[]): void {
  forced.set(standIn, [...(forced.get(standIn) ?? []), ...kinds]);
}

export function installArxiv(standIn: StandIn): void {
  const entries = loadEntries();
  const index = entries.map(searchable);
  // Registered works (arxivPool.ts) join the recorded ones; an id already there is replaced.
  setArxivRegistrar(standIn, (xml) => {
    const [, id, version] = /abs\/(.+?)(v\d+)?<\/id>/.exec(xml) ?? [];
    if (!id) return;
    const entry = { id, version: version ?? '', xml };
    const at = entries.findIndex((e) => e.id === id);
    if (at >= 0) {
      entries[at] = entry;
      index[at] = searchable(entry);
    } else {
      entries.push(entry);
      index.push(searchable(entry));
    }
  });
  const envelope = read('api2026_search_testing_10-results.atom.xml');
  const empty = read('api2026_idlist_0000.0000_empty.atom.xml');
  const badIdFeed = read('api2026_idlist_abc_http400_error.atom.xml');
  const errorEntryFeed = read('legacy2019_idlist_INVALIDID_error-entry.atom.xml');
  const html = readFileSync(fixturePath('arxiv-atom', 'html-page_doi-org-handle-redirect.html'), 'utf8');

  // The recorded feeds link to arxiv.org; point those links here so that nothing offline
  // reaches for the real site (the files service answers 404 for PDFs it doesn't hold).
  const local = (xml: string) =>
    xml.replace(/href="https?:\/\/arxiv\.org\/pdf\//g, `href="${standIn.url}/files/arxiv/pdf/`);
  standIn.handle('arxiv', (req, res) => {
    if (req.path !== '/api/query') return send(res, 404, 'Not found');
    const params = req.url.searchParams;
    const query = params.get('search_query') ?? '';
    const kind = forced.get(standIn)?.shift() ?? magicKind(query);
    if (kind === 'html') return send(res, 200, html, 'text/html; charset=utf-8');
    if (kind === 'truncated') return send(res, 200, envelope.slice(0, Math.floor(envelope.length / 2)), ATOM);
    if (kind === 'error-entry') return send(res, 200, errorEntryFeed, ATOM);
    if (kind === 'rate-limited') return send(res, 429, 'Rate exceeded.');

    const start = Number(params.get('start') ?? 0) || 0;
    const max = Math.min(Number(params.get('max_results') ?? 10) || 10, 100);
    const ids = (params.get('id_list') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    if (ids.length > 0) {
      const bad = ids.find((id) => !NEW_ID.test(id) && !OLD_ID.test(id));
      // The recorded 400 feed, with the offending id in arXiv's own wording.
      if (bad) return send(res, 400, badIdFeed.replaceAll('abc', bad), ATOM);
      const found = ids
        .map((id) => entries.find((e) => e.id === id || e.id + e.version === id))
        .filter((e): e is RecordedEntry => e !== undefined);
      return send(res, 200, local(found.length ? feed(envelope, found, found.length) : empty), ATOM);
    }
    const dates = takeDateRange(query);
    const matches = tinySearch(index, parseBooleanQuery(dates.rest)).filter((e) => inYears(Number(tag(e.xml, 'published').slice(0, 4)) || undefined, dates));
    const page = matches.slice(start, start + max);
    send(res, 200, local(page.length ? feed(envelope, page, matches.length) : empty), ATOM);
  });
}
