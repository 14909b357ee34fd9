// GROBID TEI → FulltextDocument. Read into fast-xml-parser's preserveOrder shape (xmlReader.ts,
// one strict pass), because TEI paragraphs are mixed content: text, <ref> citation markers and inline formulas interleave,
// and the reading order must survive. Copes with what real GROBID output does: divs without a
// head, garbage heads, captions leaking into paragraphs, a namespace re-declared on every div.
import { type BibReference, type FulltextDocument, type Paragraph, type Section } from './model';
import { FulltextError } from './errors';
import { TEI_XML, readXmlTree, whereXmlBroke } from './xmlReader';
import { attributes, children, currentSection, descendants, find, findAll, isNarrativeCitation, startSection, tagOf, type XmlNode } from './xmlNodes';
import { dropTrailingFootnoteMark, looksLikeCaption, makeParagraph, tidyText } from './text';

/** Parses GROBID TEI; throws FulltextError('malformed-tei') for anything not well-formed TEI. */
export function parseTei(xml: string): FulltextDocument {
  if (/^\s*<!DOCTYPE\s+html/i.test(xml)) throw new FulltextError('malformed-tei', 'An HTML page came instead of TEI.');
  // GROBID never writes a DOCTYPE; one here could only declare entities (XXE, billion laughs).
  if (/<!DOCTYPE/i.test(xml)) {
    throw new FulltextError('malformed-tei', 'The TEI declares a DOCTYPE (entities), which GROBID never writes; refused.');
  }
  let nodes: XmlNode[];
  try {
    nodes = readXmlTree(xml, TEI_XML);
  } catch (error) {
    throw new FulltextError('malformed-tei', `The TEI is not well-formed XML (${whereXmlBroke(error)}).`, { cause: error });
  }
  const tei = find(nodes, 'TEI');
  if (!tei) throw new FulltextError('malformed-tei', 'The XML has no <TEI> root element.');
  const header = find(children(tei), 'teiHeader');
  const text = find(children(tei), 'text');
  const body = text && find(children(text), 'body');
  const back = text && find(children(text), 'back');
  const document: FulltextDocument = {
    title: titleOf(header),
    abstract: abstractOf(header),
    sections: [],
    captions: [],
    references: back ? referencesOf(back) : [],
  };
  const bibliography = back ? bibliographyOf(back) : [];
  if (bibliography.length > 0) document.bibliography = bibliography;
  if (body) readBlocks(children(body), document);
  document.sections = document.sections.filter((section) => section.paragraphs.length > 0);
  return document;
}

// ---- reading the body -------------------------------------------------------------------

/** Walks body-level content: divs (flattened), stray paragraphs, figures, notes. */
function readBlocks(nodes: XmlNode[], document: FulltextDocument): void {
  for (const node of nodes) {
    const tag = tagOf(node);
    if (tag === 'div') readDiv(node, document);
    else if (tag === 'p') addParagraph(document, currentSection(document), node);
    else if (tag === 'figure') addCaption(document, node);
    // <note place="foot">, <formula> and whitespace at body level carry no body prose.
  }
}

function readDiv(div: XmlNode, document: FulltextDocument): void {
  const headNode = find(children(div), 'head');
  const head = headNode ? headingText(headNode) : undefined;
  let section = head ? startSection(document, head) : currentSection(document);
  for (const node of children(div)) {
    const tag = tagOf(node);
    if (tag === 'p') addParagraph(document, section, node);
    else if (tag === 'list') for (const item of findAll(children(node), 'item')) addParagraph(document, section, item);
    else if (tag === 'figure') addCaption(document, node);
    else if (tag === 'div') {
      readDiv(node, document);
      section = currentSection(document);
    }
    // Block <formula>s are dropped: their linearised maths reads as noise to a scorer.
  }
}

/** The heading as printed ("2.1 Overview"), or undefined when it is empty or garbage. */
function headingText(head: XmlNode): string | undefined {
  const text = tidyText(inlineText(children(head)));
  if (isGarbageHead(text)) return undefined;
  const number = attributes(head).n?.replace(/\.$/, '').trim();
  return number && !text.startsWith(number) ? `${number} ${text}` : text;
}

/** GROBID sometimes promotes list items, table cells or sentence fragments to heads. */
function isGarbageHead(text: string): boolean {
  if (!/\p{L}/u.test(text)) return true;
  if (text.length > 120 || text.split(' ').length > 15) return true;
  if (/^\p{Ll}/u.test(text)) return true;
  if (looksLikeCaption(text)) return true;
  const words = text.toLowerCase().split(' ');
  return words.length > 1 && words.every((word) => word === words[0]); // "ELMo ELMo"
}

function addParagraph(document: FulltextDocument, section: Section, p: XmlNode): void {
  const paragraph = paragraphOf(p);
  if (!paragraph) return;
  if (looksLikeCaption(paragraph.text)) document.captions.push(paragraph.text);
  else section.paragraphs.push(paragraph);
}

/** Uses GROBID's <s> sentences when segmentSentences=1 was on; splits the text otherwise. */
function paragraphOf(p: XmlNode): Paragraph | undefined {
  const sentenceNodes = findAll(children(p), 's');
  const paragraph =
    sentenceNodes.length > 0
      ? sentencesParagraph(sentenceNodes.map((s) => inlineText(children(s))))
      : makeParagraph(inlineText(children(p)));
  if (paragraph.text.length === 0) return undefined;
  const cites = citedIds(p);
  return cites.length > 0 ? { ...paragraph, cites } : paragraph;
}

/** The bibliography ids a paragraph's `<ref type="bibr" target="#b12">` markers point at, once each. */
function citedIds(p: XmlNode): string[] {
  const ids = descendants(p, 'ref')
    .filter((ref) => attributes(ref).type === 'bibr')
    .flatMap((ref) => (attributes(ref).target ?? '').split(/\s+/))
    .map((target) => target.replace(/^#/, ''))
    .filter(Boolean);
  return [...new Set(ids)];
}

function sentencesParagraph(rawSentences: string[]): Paragraph {
  const sentences = rawSentences.map(tidyText).filter((s) => s.length > 0);
  if (sentences.length > 0) sentences[sentences.length - 1] = dropTrailingFootnoteMark(sentences.at(-1)!);
  return makeParagraph(sentences.join(' '), sentences);
}

function addCaption(document: FulltextDocument, figure: XmlNode): void {
  const parts = children(figure);
  const head = tidyText(inlineText(children(find(parts, 'head') ?? {}))).replace(/\s*[:.]$/, '');
  const label = tidyText(inlineText(children(find(parts, 'label') ?? {})));
  const description =
    tidyText(inlineText(children(find(parts, 'figDesc') ?? {}))) ||
    tidyText(inlineText(children(find(parts, 'note') ?? {})));
  if (!description) return;
  const kind = attributes(figure).type === 'table' ? 'Table' : 'Figure';
  const name = head || (label ? `${kind} ${label}` : '');
  document.captions.push(name ? `${name}: ${description}` : description);
}

// ---- inline text ------------------------------------------------------------------------

/** Text of mixed content in document order, with bibliographic reference markers removed. */
function inlineText(nodes: XmlNode[]): string {
  let text = '';
  for (const node of nodes) {
    if ('#text' in node) {
      text += String(node['#text']);
      continue;
    }
    const tag = tagOf(node);
    if (tag === 'ref' && attributes(node).type === 'bibr') {
      const marker = inlineText(children(node));
      text += isNarrativeCitation(marker) ? marker : ' ';
    } else if (tag === 'ref' && attributes(node).type === 'foot') {
      text += ' ';
    } else if (tag === 'note' || tag === 'figure') {
      text += ' ';
    } else if (tag === 'lb') {
      text += ' ';
    } else if (tag) {
      text += inlineText(children(node));
    }
  }
  return text;
}

// ---- header and back matter -------------------------------------------------------------

function titleOf(header: XmlNode | undefined): string | undefined {
  const fileDesc = header && find(children(header), 'fileDesc');
  const titleStmt = fileDesc && find(children(fileDesc), 'titleStmt');
  const title = titleStmt && find(children(titleStmt), 'title');
  return (title && tidyText(inlineText(children(title)))) || undefined;
}

function abstractOf(header: XmlNode | undefined): string | undefined {
  const profile = header && find(children(header), 'profileDesc');
  const abstract = profile && find(children(profile), 'abstract');
  if (!abstract) return undefined;
  const paragraphs = descendants(abstract, 'p').map((p) => paragraphOf(p)?.text ?? '');
  const text = paragraphs.filter(Boolean).join(' ');
  return text || tidyText(inlineText(children(abstract))) || undefined;
}

function referencesOf(back: XmlNode): string[] {
  return descendants(back, 'biblStruct')
    .map((bibl) => {
      const parts = children(bibl);
      const analytic = find(parts, 'analytic');
      const monogr = find(parts, 'monogr');
      const title =
        (analytic && find(children(analytic), 'title')) || (monogr && find(children(monogr), 'title'));
      const raw = findAll(parts, 'note').find((note) => attributes(note).type === 'raw_reference');
      return tidyText(inlineText(children(title ?? raw ?? {})));
    })
    .filter((title) => title.length > 0);
}

function bibliographyOf(back: XmlNode): BibReference[] {
  return descendants(back, 'biblStruct').flatMap((bibl) => {
    const id = attributes(bibl)['xml:id'] ?? attributes(bibl).id;
    if (!id) return [];
    const parts = children(bibl);
    const analytic = find(parts, 'analytic');
    const monogr = find(parts, 'monogr');
    // An article's own title is in <analytic>; <monogr> then holds the journal's, not the work's.
    const titleNode = analytic ? find(children(analytic), 'title') : monogr && find(children(monogr), 'title');
    const authorNodes = findAll(children(analytic ?? monogr ?? {}), 'author');
    const authors = authorNodes.map((a) => descendants(a, 'surname')[0]).map((s) => (s ? tidyText(inlineText(children(s))) : '')).filter(Boolean);
    const when = descendants(monogr ?? {}, 'date').map((d) => attributes(d).when).find(Boolean);
    const doi = descendants(bibl, 'idno').find((idno) => attributes(idno).type?.toUpperCase() === 'DOI');
    const raw = findAll(parts, 'note').find((note) => attributes(note).type === 'raw_reference');
    const entry: BibReference = { id, authors };
    const title = titleNode && tidyText(inlineText(children(titleNode)));
    const year = Number(when?.slice(0, 4));
    const doiText = doi && tidyText(inlineText(children(doi)));
    const rawText = raw && tidyText(inlineText(children(raw)));
    if (title) entry.title = title;
    if (Number.isInteger(year) && year > 0) entry.year = year;
    if (doiText) entry.doi = doiText;
    if (rawText) entry.raw = rawText;
    return [entry];
  });
}
