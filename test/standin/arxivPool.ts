// Works a benchmark or test registers with the stand-in's arXiv (HALLMARK's pool_dev.jsonl,
// say): only works that have an arXiv id, answered by `id_list` as Atom entries in the layout of
// the recorded feed (test/fixtures/arxiv-atom), names without DBLP's homonym numbers. Ids that
// are not registered fall through to the recorded feeds. DBLP's and Crossref's forms of the same
// pool are pool.ts's registerPoolRecords.
import { readFileSync } from 'node:fs';
import { fixturePath, send, type StandIn } from './server';
import type { PoolRecord } from './dblp';

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

/** Serves the records that have an arXiv id from the stand-in's arXiv `id_list`. */
export function registerArxivRecords(standIn: StandIn, records: Iterable<PoolRecord>): number {
  const byArxiv = new Map<string, PoolRecord>();
  for (const record of records) if (record.arxiv) byArxiv.set(record.arxiv, record);
  const arxiv = standIn.handlerOf('arxiv');
  standIn.handle('arxiv', (req, res) => {
    const ids = (req.url.searchParams.get('id_list') ?? '').split(',').map((s) => s.trim().replace(/v\d+$/, '')).filter(Boolean);
    const found = ids.map((id) => byArxiv.get(id)).filter((r): r is PoolRecord => r !== undefined);
    if (ids.length === 0 || found.length === 0) return arxiv?.(req, res);
    send(res, 200, arxivFeed(found.map(arxivEntryOf)), 'application/atom+xml; charset=utf-8');
  });
  return byArxiv.size;
}
