// The words of a title or abstract that a service sends with HTML in it: entities decoded and
// inline markup dropped by name. Europe PMC's titles carry their markup escaped
// (`m&lt;sup&gt;6&lt;/sup&gt;A`), so it shows only once the entities are decoded, when a real "<"
// or ">" may stand beside it (`age &lt; 40 years`, `c.7271T&gt;G`), which no pattern of any tag
// would spare; Semantic Scholar's abstracts of SAGE papers hold SAGE's own `&dquo;`.

import { decodeXmlEntities } from './dblpRecord';

/** HTML's entities beyond XML's five (which dblpRecord's decoder reads, numeric ones too). */
const HTML_ONLY: Readonly<Record<string, string>> = { nbsp: ' ', dquo: '"' };

const INLINE_MARKUP = /<\/?(?:i|b|u|em|strong|sup|sub|sc|span|italic|bold|inf|mml:[a-z]+|math)(?:\s[^<>]*)?\/?>/gi;

/** Named and numeric entities as their characters; an unknown one stays as written. */
export function decodeHtmlEntities(text: string): string {
  return decodeXmlEntities(text.replace(/&(nbsp|dquo);/gi, (_whole, name: string) => HTML_ONLY[name.toLowerCase()]!));
}

/** Entities decoded, then inline markup (`<i>`, `<sup>`, MathML) dropped: a bare "<" or ">" stays. */
export function plainMarkupText(text: string): string {
  return decodeHtmlEntities(text).replace(INLINE_MARKUP, '').replace(/\s+/g, ' ').trim();
}
