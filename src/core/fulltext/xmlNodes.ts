// What the two XML readings (GROBID's TEI, bioRxiv/medRxiv's JATS) share: walking the tree
// xmlReader.ts builds (fast-xml-parser's preserveOrder shape), the narrative-citation test and the
// section builder.
import { DEFAULT_SECTION_HEAD, type FulltextDocument, type Section } from './model';

/** A node of the ordered tree: `{ tag: children, ':@': attributes }` or `{ '#text': text }`. */
export type XmlNode = Record<string, unknown>;

export function tagOf(node: XmlNode): string | undefined {
  for (const key in node) if (key !== ':@' && key !== '#text') return key;
  return undefined;
}

export function children(node: XmlNode): XmlNode[] {
  const tag = tagOf(node);
  const value = tag ? node[tag] : undefined;
  return Array.isArray(value) ? (value as XmlNode[]) : [];
}

export function attributes(node: XmlNode): Record<string, string | undefined> {
  return (node[':@'] as Record<string, string> | undefined) ?? {};
}

export function find(nodes: XmlNode[], tag: string): XmlNode | undefined {
  return nodes.find((node) => tagOf(node) === tag);
}

export function findAll(nodes: XmlNode[], tag: string): XmlNode[] {
  return nodes.filter((node) => tagOf(node) === tag);
}

/** Every `tag` below `node`, not looking inside a match. */
export function descendants(node: XmlNode, tag: string, into: XmlNode[] = []): XmlNode[] {
  for (const child of children(node)) {
    if (tagOf(child) === tag) into.push(child);
    else descendants(child, tag, into);
  }
  return into;
}

/**
 * "Devlin et al. (2019) showed" keeps its subject: a marker that is part of the sentence is kept
 * in its text; "(Devlin et al., 2019;" and "[3," are parenthetical markers and go.
 */
export function isNarrativeCitation(marker: string): boolean {
  return /^\p{Lu}[\p{L}'’\- ]*(?:et al\.|and \p{Lu}[\p{L}'’\-]+)?\s*\(\d{4}[a-z]?\)$/u.test(marker.trim());
}

export function startSection(document: FulltextDocument, head: string): Section {
  const section: Section = { head, paragraphs: [] };
  document.sections.push(section);
  return section;
}

/** Paragraphs under a section with no (usable) head continue the previous section. */
export function currentSection(document: FulltextDocument): Section {
  return document.sections.at(-1) ?? startSection(document, DEFAULT_SECTION_HEAD);
}
