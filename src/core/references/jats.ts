// A JATS (or older NLM) article's <ref-list>: PubMed Central's and the publishers' XML, bioRxiv's
// and medRxiv's source XML. Each <ref> carries its fields tagged by the publisher (<surname>,
// <article-title>, <source>, <pub-id pub-id-type="doi">), so they are read as tagged, never cut
// out of printed text; a citation that tags nothing ("publication-type=other", a plain string) is
// read from its text as a pasted reference is.
import { parseJatsXml } from '../fulltext/jats';
import { attributes, children, descendants, find, findAll, tagOf, type XmlNode } from '../fulltext/xmlNodes';
import { compactFields, fieldsOfItem } from './fields';
import type { ReferenceFields, ReferenceItem, ReferenceList } from './types';

const CITATIONS = new Set(['mixed-citation', 'element-citation', 'citation', 'nlm-citation']);
/** What a citation's own title may be tagged as; without one, its <source> is the work (a book). */
const OWN_TITLES = ['article-title', 'chapter-title', 'part-title', 'data-title'];

/** True for a JATS or NLM article (its root), which `jatsItems` reads. */
export function isJatsArticle(xml: string): boolean {
  return /<article[\s>]/.test(xml.slice(0, 5000)) && !/<TEI[\s>]/.test(xml.slice(0, 5000));
}

/** The article's references, in the order of its <ref-list>s (nested lists included). */
export function jatsItems(xml: string): ReferenceList {
  const nodes = parseJatsXml(xml.replace(/^\uFEFF/, ''));
  const refs = nodes.flatMap((node) => descendants(node, 'ref-list')).flatMap((list) => descendants(list, 'ref'));
  const items = refs.flatMap((ref, index) => itemsOfRef(ref, index));
  return { items, notices: items.length ? [] : ['The article has no reference list (no <ref-list> with <ref>s).'], reader: 'jats' };
}

/**
 * A <ref>'s citation: one, or several forms of it in <citation-alternatives> (Springer Nature's:
 * an element citation for the fields, a mixed one as printed). A <ref> holding only a <note> is
 * read from its text.
 */
function itemsOfRef(ref: XmlNode, index: number): ReferenceItem[] {
  const direct = children(ref);
  const alternatives = find(direct, 'citation-alternatives');
  const citations = [...direct, ...(alternatives ? children(alternatives) : [])].filter((n) => CITATIONS.has(tagOf(n) ?? ''));
  const label = text(find(direct, 'label')).replace(/[.\s]+$/, '') || String(index + 1);
  const where = { number: label, ...(attributes(ref).id ? { key: attributes(ref).id } : {}) };
  const tagged = citations.find((c) => tagOf(c) === 'element-citation') ?? citations[0];
  const shown = citations.find((c) => tagOf(c) === 'mixed-citation') ?? tagged ?? find(direct, 'note');
  if (!shown) return [];
  const fields = tagged ? taggedFields(tagged) : {};
  const shownText = printedText(shown);
  // A citation that tags no title and no author is a string to read (fieldsOfItem), not fields; the
  // PubMed ids it tags stay beside what the string gives (a PMID alone prints as a bare number).
  const read = fields.title !== undefined || fields.author !== undefined;
  const ids = compactFields({ pmid: fields.pmid, pmcid: fields.pmcid });
  const unread = Object.keys(ids).length ? { fields: compactFields({ ...fieldsOfItem({ text: shownText }), ...ids }) } : {};
  return [{ ...where, text: shownText, ...(read ? { fields } : unread) }];
}

function taggedFields(citation: XmlNode): ReferenceFields {
  const parts = children(citation);
  const own = OWN_TITLES.map((tag) => find(parts, tag)).find(Boolean);
  const source = text(find(parts, 'source')) || undefined;
  const fpage = text(find(parts, 'fpage'));
  const lpage = text(find(parts, 'lpage'));
  const pubId = (type: string) =>
    text(findAll(parts, 'pub-id').find((p) => attributes(p)['pub-id-type']?.toLowerCase() === type)) || undefined;
  return compactFields({
    author: authorsOf(citation, own !== undefined),
    title: tidy(own ? text(own) : source),
    venue: own ? withoutIssuer(tidy(source)) : undefined,
    year: /\b(1[5-9]|20)\d\d\b/.exec(text(find(parts, 'year')))?.[0],
    volume: text(find(parts, 'volume')) || undefined,
    pages: fpage ? (lpage ? `${fpage}--${lpage}` : fpage) : text(find(parts, 'elocation-id')) || undefined,
    doi: pubId('doi') ?? doiOfLinks(parts),
    pmid: pubId('pmid'),
    pmcid: pubId('pmcid')?.replace(/^(?:PMC)?(\d+)$/i, 'PMC$1').toUpperCase(),
    arxiv: pubId('arxiv')?.replace(/^arxiv:/i, ''),
  });
}

/**
 * "Family, Given and …", from <name>/<string-name>/<collab> outside an editors' group; <etal> as "others".
 * An edited book cited whole (its <source> the title) has its editors where its authors would be.
 */
function authorsOf(citation: XmlNode, ownTitle: boolean): string | undefined {
  const parts = children(citation);
  const groups = findAll(parts, 'person-group');
  const ofType = (type: string) => groups.find((g) => (attributes(g)['person-group-type'] ?? 'author') === type);
  // Names straight inside the citation (PLoS, Wiley) are its authors, beside an editors' group too; a group names them otherwise.
  const editors = ofType('editor');
  return peopleOf(children(ofType('author') ?? citation)) ?? (editors && !ownTitle ? peopleOf(children(editors)) : undefined);
}

function peopleOf(holder: XmlNode[]): string | undefined {
  const people = holder.flatMap((node) => {
    const tag = tagOf(node);
    if (tag === 'name' || tag === 'string-name') return [personOf(node)];
    if (tag === 'collab') return [`{${text(node)}}`];
    if (tag === 'etal') return ['others'];
    return [];
  });
  const named = people.filter(Boolean);
  return named.length ? named.join(' and ') : undefined;
}

function personOf(name: XmlNode): string {
  const family = text(find(children(name), 'surname'));
  const given = text(find(children(name), 'given-names'));
  if (!family) return text(name); // a <string-name> with its name as plain text
  return given ? `${family}, ${given}` : family;
}

/** A DOI given as a link (`<ext-link ext-link-type="doi">`, or a doi.org address). */
function doiOfLinks(parts: XmlNode[]): string | undefined {
  for (const link of findAll(parts, 'ext-link')) {
    const value = text(link) || attributes(link)['xlink:href'] || '';
    const doi = /\b(10\.\d{4,9}\/\S+)/.exec(value)?.[1];
    if (doi && (attributes(link)['ext-link-type'] === 'doi' || /doi\.org/i.test(value))) return doi.replace(/[.,;]+$/, '');
  }
  return undefined;
}

/** The citation as a reader sees it, one line: an element citation's tags carry no punctuation, so one is put between them. */
function printedText(citation: XmlNode): string {
  const spaced = text(citation);
  return spaced
    .replace(/\s+([,.;:)\]”’])/g, '$1')
    .replace(/([([“‘])\s+/g, '$1')
    .replace(/(\d)\s+([–-])\s+(\d)/g, '$1$2$3');
}

/** PubMed's journal title names its issuer after a slash ("Microbes and infection / Institut Pasteur"): no authority's venue has it. */
function withoutIssuer(journal: string | undefined): string | undefined {
  return journal?.replace(/\s+\/\s+[^/]+$/, '');
}

/** A title as tagged, without the quotes and final stop the style printed inside the tag ("“Gray Wolf.”"). */
function tidy(title: string | undefined): string | undefined {
  return title?.replace(/^[“"‘']+|[”"’']+$/g, '').replace(/(?<![A-Z])\.$/, '').trim() || undefined;
}

function text(node: XmlNode | undefined): string {
  if (!node) return '';
  if ('#text' in node) return String(node['#text']);
  const written = children(node).map(text).join(' ').replace(/\s+/g, ' ').trim();
  // An empty <etal/> (Frontiers', Springer Nature's) is printed "et al.": without it the line reads as the whole list.
  return written || tagOf(node) !== 'etal' ? written : 'et al.';
}
