// The words of a title or abstract that a service sends with HTML in it: entities decoded and
// inline markup dropped by name. Europe PMC's titles carry their markup escaped
// (`m&lt;sup&gt;6&lt;/sup&gt;A`), so it shows only once the entities are decoded, when a real "<"
// or ">" may stand beside it (`age &lt; 40 years`, `c.7271T&gt;G`), which no pattern of any tag
// would spare; Semantic Scholar's abstracts of SAGE papers hold SAGE's own `&dquo;`.

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', dquo: '"' };

const INLINE_MARKUP = /<\/?(?:i|b|u|em|strong|sup|sub|sc|span|italic|bold|inf|mml:[a-z]+|math)(?:\s[^<>]*)?\/?>/gi;

/** Named and numeric entities as their characters; an unknown one stays as written. */
export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Entities decoded, then inline markup (`<i>`, `<sup>`, MathML) dropped: a bare "<" or ">" stays. */
export function plainMarkupText(text: string): string {
  return decodeHtmlEntities(text).replace(INLINE_MARKUP, '').replace(/\s+/g, ' ').trim();
}
