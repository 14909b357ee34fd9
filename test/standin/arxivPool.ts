// Works a test or benchmark registers with the arXiv stand-in (those of HALLMARK's
// pool_dev.jsonl that have an arXiv id, say), written as arXiv's API writes an entry (the
// layout of the recorded api2026 feeds): versioned id and links, the title as the authors
// wrote it, names without DBLP's homonym numbers, the month of the id as the submission date,
// category cs.LG. The pool has no abstracts, so the summary is empty; arXiv never is.
import type { PoolRecord } from './dblp';
import type { StandIn } from './server';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `2602.12279` → `2026-02-01T00:00:00Z`; an old-style id or none: the record's year. */
function submitted(record: PoolRecord & { arxiv: string }): string {
  const match = /^(\d{2})(\d{2})\./.exec(record.arxiv);
  const year = match ? 2000 + Number(match[1]) : record.year;
  const month = match ? match[2] : '01';
  return `${year}-${month}-01T00:00:00Z`;
}

/** A pool record as an arXiv Atom <entry>, or undefined when it has no arXiv id. */
export function arxivEntryOf(record: PoolRecord): string | undefined {
  if (!record.arxiv) return undefined;
  const withId = record as PoolRecord & { arxiv: string };
  const id = `${record.arxiv}v1`;
  const date = submitted(withId);
  const authors = record.authors.map((name) => `    <author>\n      <name>${escape(name.replace(/\s+\d{4}$/, ''))}</name>\n    </author>`);
  return [
    '<entry>',
    `    <id>http://arxiv.org/abs/${id}</id>`,
    `    <title>${escape(record.title.replace(/&apos;/g, "'"))}</title>`,
    `    <updated>${date}</updated>`,
    `    <link href="https://arxiv.org/abs/${id}" rel="alternate" type="text/html"/>`,
    `    <link href="https://arxiv.org/pdf/${id}" rel="related" type="application/pdf" title="pdf"/>`,
    '    <summary></summary>',
    '    <category term="cs.LG" scheme="http://arxiv.org/schemas/atom"/>',
    `    <published>${date}</published>`,
    '    <arxiv:primary_category term="cs.LG"/>',
    ...authors,
    '  </entry>',
  ].join('\n');
}

type Register = (xml: string) => void;
const registrars = new WeakMap<StandIn, Register>();

/** Called by installArxiv: how entries join that stand-in's corpus. */
export function setArxivRegistrar(standIn: StandIn, register: Register): void {
  registrars.set(standIn, register);
}

/** Adds the records that have an arXiv id to the stand-in's arXiv; returns how many. */
export function registerArxivRecords(standIn: StandIn, records: Iterable<PoolRecord>): number {
  const register = registrars.get(standIn);
  if (!register) throw new Error('The arXiv stand-in is not installed on this stand-in.');
  let added = 0;
  for (const record of records) {
    const xml = arxivEntryOf(record);
    if (!xml) continue;
    register(xml);
    added++;
  }
  return added;
}
