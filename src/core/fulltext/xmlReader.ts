// A strict XML reader (saxes) that builds the tree fast-xml-parser's preserveOrder mode built,
// so the readings (JATS, GROBID's TEI) walk it with the same helpers (xmlNodes.ts). A preprint's
// JATS reading sits on its critical path: fast-xml-parser checked well-formedness in one pass
// (XMLValidator) and built in a second; saxes does both in one. In a new process (a scratch
// timing, 3 × 8 readings of the JATS fixture) the first reading took 12–18 ms against 22–32, later
// ones 2–4 against 5–16. A document that is not well-formed is refused, as the validator refused it.
import { SaxesParser } from 'saxes';
import { COMMON_HTML, CURRENCY } from '@nodable/entities';
import type { XmlNode } from './xmlNodes';

/**
 * Named references beyond XML's five, decoded as fast-xml-parser's `htmlEntities` decodes them
 * (JATS writes numeric ones, which every XML reader decodes). Another name is kept as written.
 */
const HTML_ENTITIES: Record<string, string> = { ...COMMON_HTML, ...CURRENCY };

/** What differs between the two readings, as fast-xml-parser's options made it differ. */
export interface XmlReadOptions {
  /** Decode the common HTML names (&nbsp;) too: JATS (`htmlEntities`). */
  htmlNames: boolean;
  /** Attribute names lose their prefix (xml:id → id) and namespace declarations go: TEI (`removeNSPrefix`). */
  stripAttributePrefixes: boolean;
}

/**
 * JATS keeps attribute prefixes: bioRxiv's <ref id="c1" hwp:id="ref-1"> would otherwise lose the id
 * its <xref>s point at to the HighWire one.
 */
export const JATS_XML: XmlReadOptions = { htmlNames: true, stripAttributePrefixes: false };
export const TEI_XML: XmlReadOptions = { htmlNames: false, stripAttributePrefixes: true };

/** A name without its namespace prefix (<mml:math> → math). */
function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

function attributesOf(attributes: Record<string, string>, options: XmlReadOptions): Record<string, string> {
  if (!options.stripAttributePrefixes) return { ...attributes };
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(attributes)) {
    if (name !== 'xmlns' && !name.startsWith('xmlns:')) kept[localName(name)] = value;
  }
  return kept;
}

/** "line 12: unclosed tag: td" from saxes's "12:40: unclosed tag: td.", for the reading's message. */
export function whereXmlBroke(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const [, line, what] = /^(\d+):\d+: (.*)$/s.exec(message) ?? [];
  return line ? `line ${line}: ${what!.replace(/\.$/, '')}` : message;
}

/**
 * The document's nodes in preserveOrder's shape: `{ tag: children, ':@': attributes }` (':@' only
 * when there are attributes) and `{ '#text': text }`, tag names without their prefix; the
 * declaration, processing instructions, comments and the DOCTYPE left out. Numeric references are
 * decoded, as XML requires (fast-xml-parser left them as written without `htmlEntities`). Throws
 * an Error naming the line (see `whereXmlBroke`) for XML that is not well-formed.
 */
export function readXmlTree(xml: string, options: XmlReadOptions): XmlNode[] {
  const parser = new SaxesParser({ position: true, xmlns: false });
  if (options.htmlNames) Object.assign(parser.ENTITIES, HTML_ENTITIES);
  const root: XmlNode[] = [];
  const open: XmlNode[][] = [root];
  // An unknown name is kept as "&name;" (saxes returns it so), as fast-xml-parser keeps it.
  parser.on('error', (error) => {
    if (!/undefined entity/.test(error.message)) throw error;
  });
  // Text cut only by a comment is one node; a CDATA section, a processing instruction or a tag
  // starts a new one (fast-xml-parser's rules, which the readings' neighbour checks rely on).
  let joinable: XmlNode | undefined;
  parser.on('opentag', (tag) => {
    const childNodes: XmlNode[] = [];
    const node: XmlNode = { [localName(tag.name)]: childNodes };
    const attributes = attributesOf(tag.attributes, options);
    if (Object.keys(attributes).length > 0) node[':@'] = attributes;
    open.at(-1)!.push(node);
    open.push(childNodes);
    joinable = undefined;
  });
  parser.on('closetag', () => {
    open.pop();
    joinable = undefined;
  });
  parser.on('text', (text) => {
    if (open.length === 1) return; // the blank lines around the root element
    if (joinable) joinable['#text'] = String(joinable['#text']) + text;
    else open.at(-1)!.push((joinable = { '#text': text }));
  });
  parser.on('cdata', (text) => {
    open.at(-1)!.push({ '#text': text });
    joinable = undefined;
  });
  parser.on('processinginstruction', () => void (joinable = undefined));
  parser.write(xml).close();
  return root;
}
