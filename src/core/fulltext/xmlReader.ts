// A strict XML reader (saxes) that builds the tree fast-xml-parser's preserveOrder mode builds,
// so the readings walk it with the same helpers (xmlNodes.ts). For JATS, whose reading sits on a
// preprint's critical path: fast-xml-parser checks well-formedness in one pass (XMLValidator) and
// builds in a second; saxes does both in one. In a new process (a scratch timing, 3 × 8 readings
// of the JATS fixture) the first reading took 12–18 ms against 22–32, later ones 2–4 against 5–16.
// A document that is not well-formed is refused, as the validator refused it.
import { SaxesParser } from 'saxes';
import { COMMON_HTML, CURRENCY } from '@nodable/entities';
import type { XmlNode } from './xmlNodes';

/**
 * Named references beyond XML's five, decoded as fast-xml-parser's `htmlEntities` decodes them
 * (JATS writes numeric ones, which every XML reader decodes). Another name is kept as written.
 */
const HTML_ENTITIES: Record<string, string> = { ...COMMON_HTML, ...CURRENCY };

/** Tag names without their namespace prefix (<mml:math> → math); attribute names as written. */
function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

/**
 * The document's nodes in preserveOrder's shape: `{ tag: children, ':@': attributes }` (':@' only
 * when there are attributes) and `{ '#text': text }`; the declaration, processing instructions,
 * comments and the DOCTYPE left out. Throws an Error naming the line for XML that is not well-formed.
 */
export function readXmlTree(xml: string): XmlNode[] {
  const parser = new SaxesParser({ position: true, xmlns: false });
  Object.assign(parser.ENTITIES, HTML_ENTITIES);
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
    if (Object.keys(tag.attributes).length > 0) node[':@'] = { ...tag.attributes };
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
