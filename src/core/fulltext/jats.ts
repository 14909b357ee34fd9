// JATS XML (bioRxiv/medRxiv `jatsxml`, PMC, PLOS) → FulltextDocument, read the way tei.ts reads
// GROBID TEI: in fast-xml-parser's preserveOrder shape, because JATS paragraphs are mixed content
// (text, <xref> citation markers, <italic>, inline maths) whose reading order must survive. The
// tree is built by a strict reader in one pass (xmlReader.ts), which also refuses a broken file.
// JATS quirks handled here: a DOCTYPE with a public id on every file, numeric character
// references (&#x000e9;) everywhere, <fig>/<table-wrap>/<disp-formula> nested INSIDE a <p>,
// citation ranges "[4]–[7]" split over two <xref>s, and HighWire's `hwp:` attributes and elements.
import { SUBSECTION_SEPARATOR, type BibReference, type FulltextDocument, type Paragraph, type Section } from './model';
import { FulltextError } from './errors';
import { JATS_XML, readXmlTree, whereXmlBroke } from './xmlReader';
import { attributes, children, currentSection, descendants, find, findAll, isNarrativeCitation, startSection, tagOf, type XmlNode } from './xmlNodes';
import { makeParagraph, looksLikeCaption, tidyText } from './text';

/** Abstracts that are not the paper's summary (a picture's legend, a one-line teaser). */
const SKIPPED_ABSTRACT_TYPES = new Set(['graphical', 'teaser']);
/** Block content that carries no prose: maths, table bodies, supplementary files, footnotes. */
const NO_PROSE = new Set(['disp-formula', 'disp-formula-group', 'table', 'supplementary-material', 'fn', 'fn-group', 'graphic', 'media']);
const FLOATS = new Set(['fig', 'table-wrap']);
const FLOAT_GROUPS = new Set(['fig-group', 'table-wrap-group']);

/** Parses JATS; throws FulltextError('malformed-jats') for anything not a well-formed JATS article. */
export function parseJats(xml: string): FulltextDocument {
  const nodes = parseJatsXml(xml.replace(/^\uFEFF/, ''));
  const article = find(nodes, 'article');
  if (!article) throw new FulltextError('malformed-jats', 'The XML has no <article> root element.');
  const front = find(children(article), 'front');
  const meta = front && find(children(front), 'article-meta');
  const body = find(children(article), 'body');
  const back = find(children(article), 'back');
  const refs = (back ? descendants(back, 'ref') : []).map(readReference);
  const document: FulltextDocument = {
    title: titleOf(meta),
    abstract: abstractOf(meta),
    sections: [],
    captions: [],
    references: refs.map((ref) => ref.title ?? ref.raw).filter((text) => text.length > 0),
  };
  const bibliography = refs.flatMap((ref) => (ref.entry ? [ref.entry] : []));
  if (bibliography.length > 0) document.bibliography = bibliography;
  // Back matter (<ack>, <back><sec> on funding, data availability, author contributions) is left
  // out of the body, as tei.ts leaves GROBID's acknowledgements out: it makes no claims to check.
  if (body) readBlocks(children(body), document);
  document.sections = document.sections.filter((section) => section.paragraphs.length > 0);
  return document;
}

/** The JATS document's tree; an HTML page or a DOCTYPE with an internal subset is refused (FulltextError). */
export function parseJatsXml(xml: string): XmlNode[] {
  if (/^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!DOCTYPE\s+html|<html[\s>])/i.test(xml)) {
    throw new FulltextError('malformed-jats', 'An HTML page came instead of JATS XML.');
  }
  // Real JATS names its DTD by public id only. An internal subset ("[ <!ENTITY …> ]") could only
  // declare entities (XXE, billion laughs), so it is refused before any parsing.
  if (/<!DOCTYPE[^>[]*\[/i.test(xml) || /<!ENTITY/i.test(xml)) {
    throw new FulltextError('malformed-jats', 'The JATS declares entities in its DOCTYPE, which real JATS never does; refused.');
  }
  try {
    return readXmlTree(xml, JATS_XML);
  } catch (error) {
    throw new FulltextError('malformed-jats', `The JATS is not well-formed XML (${whereXmlBroke(error)}).`, { cause: error });
  }
}

// ---- reading the body -------------------------------------------------------------------

/**
 * Walks body-level content: <sec>s (flattened in reading order), paragraphs, lists, floats.
 * `top` is the head of the top-level section being read, which its sub-sections' heads name.
 */
function readBlocks(nodes: XmlNode[], document: FulltextDocument, top?: string): void {
  for (const node of nodes) {
    const tag = tagOf(node);
    if (tag === 'sec') readSec(node, document, top);
    else if (tag === 'p') addParagraph(document, currentSection(document), node);
    // Each list item becomes a paragraph (items are usually whole sentences in papers).
    else if (tag === 'list') for (const item of findAll(children(node), 'list-item')) readBlocks(children(item), document, top);
    else if (tag && (FLOATS.has(tag) || FLOAT_GROUPS.has(tag))) addCaptions(document, node);
    else if (tag === 'boxed-text' || tag === 'disp-quote') readBlocks(children(node), document, top);
    // NO_PROSE blocks and whitespace between blocks are skipped.
  }
}

/**
 * A titled <sec> starts a section; an untitled one continues the current section. A sub-section's
 * head names its top-level section ("Results › Cross-sectional surveys"): a paper may use the same
 * sub-head under Methods and Results, and the top level tells the scorer which it is.
 */
function readSec(sec: XmlNode, document: FulltextDocument, top: string | undefined): void {
  const head = sectionHead(sec);
  if (head) startSection(document, top ? `${top}${SUBSECTION_SEPARATOR}${head}` : head);
  readBlocks(children(sec), document, top ?? head); // its <title>, <label> and <sec-meta> are not read as blocks
}

/** "2.1 Overview" from `<label>2.1</label><title>Overview</title>`, or undefined when untitled. */
function sectionHead(sec: XmlNode): string | undefined {
  const title = tidyText(inlineText(children(find(children(sec), 'title') ?? {})));
  if (!/\p{L}/u.test(title)) return undefined;
  const label = tidyText(inlineText(children(find(children(sec), 'label') ?? {}))).replace(/\.$/, '');
  return label && !title.startsWith(label) ? `${label} ${title}` : title;
}

function addParagraph(document: FulltextDocument, section: Section, p: XmlNode): void {
  // A <fig> or <table-wrap> anchored inside the <p>: its caption is kept, its text never joins the paragraph.
  addCaptions(document, p);
  const paragraph = paragraphOf(p);
  if (!paragraph) return;
  if (looksLikeCaption(paragraph.text)) document.captions.push(paragraph.text);
  else section.paragraphs.push(paragraph);
}

function paragraphOf(p: XmlNode): Paragraph | undefined {
  const paragraph = makeParagraph(inlineText(children(p)));
  if (paragraph.text.length === 0) return undefined;
  const cites = citedIds(p);
  return cites.length > 0 ? { ...paragraph, cites } : paragraph;
}

/** The ref ids a paragraph's `<xref ref-type="bibr" rid="…">` markers point at, once each. */
function citedIds(p: XmlNode): string[] {
  const ids = descendants(p, 'xref')
    .filter((xref) => attributes(xref)['ref-type'] === 'bibr')
    .flatMap((xref) => (attributes(xref).rid ?? '').split(/\s+/))
    .filter(Boolean);
  return [...new Set(ids)];
}

/** Captions of the figures and tables in or under `node` (a float itself, a group, or a <p>). */
function addCaptions(document: FulltextDocument, node: XmlNode): void {
  const tag = tagOf(node) ?? '';
  const floats = FLOATS.has(tag) ? [node] : [...descendants(node, 'fig'), ...descendants(node, 'table-wrap')];
  for (const float of floats) {
    const parts = children(float);
    const caption = find(parts, 'caption');
    const label = tidyText(inlineText(children(find(parts, 'label') ?? {}))).replace(/\s*[:.|]$/, '');
    const title = tidyText(inlineText(children(find(children(caption ?? {}), 'title') ?? {})));
    const prose = findAll(children(caption ?? {}), 'p').map((p) => tidyText(inlineText(children(p))));
    const description = [title, ...prose].filter(Boolean).join(' ');
    if (!description) continue;
    document.captions.push(label ? `${label}: ${description}` : description);
  }
}

// ---- inline text ------------------------------------------------------------------------

/** Text of mixed content in document order, with bibliographic citation markers removed. */
function inlineText(nodes: XmlNode[]): string {
  let text = '';
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    if ('#text' in node) {
      // "[4]–[7]", "[3], [12]", <sup>1,2</sup>: the dash or comma between two dropped markers goes too.
      if (isBibXref(nodes[i - 1]) && isBibXref(nodes[i + 1]) && /^[\s,;–—-]*$/.test(String(node['#text']))) continue;
      text += String(node['#text']);
      continue;
    }
    const tag = tagOf(node);
    if (isBibXref(node)) {
      const marker = inlineText(children(node));
      text += isNarrativeCitation(marker) ? marker : ' ';
    } else if (tag === 'alternatives') {
      text += alternativeText(children(node));
    } else if (tag === 'list') {
      text += ` ${descendants(node, 'p').map((p) => inlineText(children(p))).join(' ')} `;
    } else if (tag && (NO_PROSE.has(tag) || FLOATS.has(tag) || FLOAT_GROUPS.has(tag) || tag === 'break')) {
      text += ' ';
    } else if (tag) {
      text += inlineText(children(node));
    }
  }
  return text;
}

const isBibXref = (node: XmlNode | undefined): boolean => node !== undefined && tagOf(node) === 'xref' && attributes(node)['ref-type'] === 'bibr';

/** One rendering of an inline formula: MathML's text, else the TeX, never both (nor the image). */
function alternativeText(nodes: XmlNode[]): string {
  const choice = find(nodes, 'math') ?? find(nodes, 'tex-math') ?? nodes.find((node) => tagOf(node) !== 'graphic');
  return choice ? inlineText(children(choice)) : ' ';
}

// ---- front and back matter --------------------------------------------------------------

function titleOf(meta: XmlNode | undefined): string | undefined {
  const group = meta && find(children(meta), 'title-group');
  const title = group && find(children(group), 'article-title');
  return (title && tidyText(inlineText(children(title)))) || undefined;
}

/** The untyped abstract (the paper's own), else the first that is not graphical or a teaser. */
function abstractOf(meta: XmlNode | undefined): string | undefined {
  const abstracts = findAll(children(meta ?? {}), 'abstract');
  const abstract =
    abstracts.find((a) => !attributes(a)['abstract-type']) ??
    abstracts.find((a) => !SKIPPED_ABSTRACT_TYPES.has(attributes(a)['abstract-type'] ?? ''));
  if (!abstract) return undefined;
  const text = descendants(abstract, 'p').map((p) => paragraphOf(p)?.text ?? '').filter(Boolean).join(' ');
  return text || tidyText(inlineText(children(abstract).filter((n) => tagOf(n) !== 'title'))) || undefined;
}

/** The first citation of a <ref> (a <ref> may hold alternatives of the same work). */
function citationOf(ref: XmlNode): XmlNode | undefined {
  return ['element-citation', 'mixed-citation', 'citation', 'nlm-citation'].map((tag) => descendants(ref, tag)[0]).find(Boolean);
}

function citationTitle(citation: XmlNode): string | undefined {
  const parts = children(citation);
  const article = find(parts, 'article-title') ?? find(parts, 'chapter-title');
  // A book's or report's own title is its <source>; for an article, <source> is the journal.
  const book = /^(book|report|thesis|software|data)/.test(attributes(citation)['publication-type'] ?? '');
  const title = article ?? (book ? find(parts, 'source') : undefined);
  return (title && tidyText(inlineText(children(title)))) || undefined;
}

/**
 * The citation as printed. PMC's mixed-citations put no text between some elements
 * ("<surname>Rich</surname><given-names>KM", "<source>…</source><volume>83"), so two adjacent
 * elements get a space; text between elements is kept as it is ("52–57").
 */
function citationText(citation: XmlNode): string {
  const spaced = (nodes: XmlNode[]): string =>
    nodes
      .map((node, i) => {
        const tag = tagOf(node);
        if (!tag) return String(node['#text'] ?? '');
        const gap = i > 0 && tagOf(nodes[i - 1]) ? ' ' : '';
        if (tag === 'pub-id') return gap; // PMC adds pmids that were never printed
        return gap + (['name', 'string-name', 'person-group'].includes(tag) ? spaced(children(node)) : inlineText(children(node)));
      })
      .join('');
  return tidyText(spaced(children(citation)));
}

/** A <ref> read once: its title and printed text for `references`, its entry (when it has an id) for `bibliography`. */
function readReference(ref: XmlNode): { title?: string; raw: string; entry?: BibReference } {
  const citation = citationOf(ref);
  if (!citation) return { raw: '' };
  const title = citationTitle(citation);
  const raw = citationText(citation);
  const id = attributes(ref).id;
  return { title, raw, entry: id ? bibEntry(id, citation, title, raw) : undefined };
}

function bibEntry(id: string, citation: XmlNode, title: string | undefined, raw: string): BibReference {
  // An unstructured mixed-citation has no <year>: "Murphy FA, … (1999) Veterinary Virology."
  const yearText = inlineText(children(find(children(citation), 'year') ?? {})) || /\((\d{4})[a-z]?\)/.exec(raw)?.[1];
  const year = Number(/\d{4}/.exec(yearText ?? '')?.[0]);
  const doi = doiOf(citation, raw);
  const entry: BibReference = { id, authors: authorsOf(citation) };
  if (title) entry.title = title;
  if (Number.isInteger(year) && year > 0) entry.year = year;
  if (doi) entry.doi = doi;
  if (raw) entry.raw = raw;
  return entry;
}

/** Family names of the authors (not editors); a group author (<collab>, "WHO") as written. */
function authorsOf(citation: XmlNode): string[] {
  const groups = findAll(children(citation), 'person-group');
  const holders = groups.length > 0 ? groups.filter((g) => (attributes(g)['person-group-type'] ?? 'author') === 'author') : [citation];
  return holders
    .flatMap((holder) => children(holder))
    .map((node) => {
      const tag = tagOf(node);
      if (tag === 'name' || tag === 'string-name') return inlineText(children(find(children(node), 'surname') ?? {}));
      return tag === 'collab' ? inlineText(children(node)) : '';
    })
    .map(tidyText)
    .filter(Boolean);
}

/** `<pub-id pub-id-type="doi">`, else a doi.org link or "doi:" note (PLOS puts it in <comment>). */
function doiOf(citation: XmlNode, printed: string): string | undefined {
  const pubId = descendants(citation, 'pub-id').find((id) => attributes(id)['pub-id-type']?.toLowerCase() === 'doi');
  const candidates = [
    pubId && inlineText(children(pubId)),
    ...descendants(citation, 'ext-link').map((link) => attributes(link)['xlink:href'] ?? ''),
    printed,
  ];
  for (const candidate of candidates) {
    const doi = /(?:^|doi\.org\/|doi:\s*)(10\.\d{4,9}\/\S+)/i.exec(candidate?.trim() ?? '')?.[1];
    if (doi) return doi.replace(/[.,;)\]]+$/, '');
  }
  return undefined;
}
