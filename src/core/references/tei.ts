// GROBID's TEI (processFulltextDocument or processReferences): each <biblStruct> of the back's
// <listBibl> is a reference with its fields already structured: analytic title and authors,
// monograph (venue) title, date, DOI, arXiv id, and the raw string when GROBID kept it.
import { TEI_XML, readXmlTree, whereXmlBroke } from '../fulltext/xmlReader';
import { attributes, children, descendants, find, findAll, tagOf, type XmlNode } from '../fulltext/xmlNodes';
import { FulltextError } from '../fulltext/errors';
import { identifiersOf } from './identifiers';
import type { ReferenceFields, ReferenceItem, ReferenceList } from './types';

export function teiItems(xml: string): ReferenceList {
  if (/<!DOCTYPE/i.test(xml)) throw new FulltextError('malformed-tei', 'The TEI declares a DOCTYPE, which GROBID never writes; refused.');
  let nodes: XmlNode[];
  try {
    nodes = readXmlTree(xml, TEI_XML);
  } catch (error) {
    throw new FulltextError('malformed-tei', `The TEI is not well-formed XML (${whereXmlBroke(error)}).`, { cause: error });
  }
  const lists = nodes.flatMap((n) => (tagOf(n) === 'listBibl' ? [n] : descendants(n, 'listBibl')));
  const items = lists.flatMap((list) => descendants(list, 'biblStruct')).map(itemOf);
  return { items, notices: items.length ? [] : ['GROBID found no reference list in the PDF.'], reader: 'grobid' };
}

function textOf(node: XmlNode | undefined): string {
  if (!node) return '';
  if ('#text' in node) return String(node['#text']);
  return children(node).map(textOf).join(' ').replace(/\s+/g, ' ').trim();
}

function itemOf(bibl: XmlNode, index: number): ReferenceItem {
  const parts = children(bibl);
  const analytic = find(parts, 'analytic');
  const monogr = find(parts, 'monogr');
  const titleNode = analytic ? find(children(analytic), 'title') : monogr && find(children(monogr), 'title');
  const venueNode = analytic && monogr ? find(children(monogr), 'title') : undefined;
  const people = findAll(children(analytic ?? monogr ?? {}), 'author').map(personOf).filter(Boolean);
  const imprint = monogr && find(children(monogr), 'imprint');
  const when = descendants(imprint ?? monogr ?? {}, 'date').map((d) => attributes(d).when).find(Boolean);
  const idno = (type: string) => textOf(descendants(bibl, 'idno').find((i) => attributes(i).type?.toLowerCase() === type)) || undefined;
  const scope = (unit: string) => descendants(imprint ?? {}, 'biblScope').find((s) => attributes(s).unit === unit);
  const page = scope('page');
  const pages = page && (attributes(page).from ? [attributes(page).from, attributes(page).to].filter(Boolean).join('--') : textOf(page));
  const raw = textOf(findAll(parts, 'note').find((n) => attributes(n).type === 'raw_reference'));
  // GROBID types a PubMed id PMID and PMCID; when it left one in the raw string only, read it there.
  const printed = identifiersOf(raw);
  const pmcid = idno('pmcid')?.replace(/^(?:PMC)?(\d+)$/i, 'PMC$1') ?? printed.pmcid;
  const { title, venue } = withVenueApart(textOf(titleNode), textOf(venueNode));
  const fields: ReferenceFields = {
    author: people.length ? people.join(' and ') : undefined,
    title,
    venue,
    year: when?.slice(0, 4),
    doi: idno('doi') ?? printed.doi,
    arxiv: idno('arxiv')?.replace(/^arxiv:/i, '') ?? printed.arxiv,
    pmid: idno('pmid')?.replace(/^PMID\s*:?\s*/i, '') ?? printed.pmid,
    pmcid: pmcid?.toUpperCase(),
    pages: pages || undefined,
    volume: textOf(scope('volume')) || undefined,
  };
  const clean = Object.fromEntries(Object.entries(fields).filter(([, v]) => v)) as ReferenceFields;
  const display = [people.join('; '), clean.title, clean.venue, clean.year].filter(Boolean).join('. ');
  return { number: String(index + 1), key: attributes(bibl)['xml:id'] ?? attributes(bibl).id, text: raw || display, fields: clean };
}

/** An ACL-style "Title. In Venue." that GROBID took whole for a book's title: "TabEL: entity linking in web tables. In ISWC". */
const TITLE_IN_VENUE = /^(\S.{7,}?[^.\s])\.\s+In:?\s+(\p{Lu}\S*(?:\s+\S+){0,14})$/u;

function withVenueApart(title: string, venue: string): { title?: string; venue?: string } {
  const joined = venue ? undefined : TITLE_IN_VENUE.exec(title);
  if (joined) return { title: joined[1], venue: joined[2]!.replace(/\.$/, '') };
  return { title: title || undefined, venue: venue || undefined };
}

function personOf(author: XmlNode): string {
  const name = find(children(author), 'persName') ?? author;
  const family = textOf(find(children(name), 'surname'));
  const given = findAll(children(name), 'forename').map(textOf).join(' ');
  return family ? (given ? `${family}, ${given}` : family) : '';
}
