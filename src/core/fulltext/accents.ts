// Accents that pdfjs gives as a glyph of their own: LaTeX's OT1 fonts draw a spacing accent
// before the letter it sits on, so "Řehůřek" reads "ˇReh˚uˇrek" and matches neither a claim nor a
// citation pattern until the two are composed again. Shared by the full-text and reference readers.

/** Spacing accents as LaTeX's OT1 fonts draw them, a glyph of their own before the letter ("S´uken´ık"), by their combining mark. */
const ACCENTS: Readonly<Record<string, string>> = { '´': '\u0301', '`': '\u0300', '¨': '\u0308', '˜': '\u0303', 'ˆ': '\u0302', '¸': '\u0327', 'ˇ': '\u030c', '˚': '\u030a', '˘': '\u0306', '˙': '\u0307', '¯': '\u0304', '˝': '\u030b' };

/** "S´uken´ık" → "Súkeník", "Fran¸cois" → "François"; an accent the layout set apart from any letter ("´ [1119]") is dropped. */
export function composeAccents(text: string): string {
  return text
    .replace(/([´`¨˜ˆ¸ˇ˚˘˙¯˝])(\p{L})/gu, (_m, accent: string, letter: string) => (letter === 'ı' ? 'i' : letter) + ACCENTS[accent])
    .replace(/(^|\s)[´¨˜ˆ¸ˇ˚˘˙¯˝](?=\s|$)/g, '$1')
    .normalize('NFC');
}
