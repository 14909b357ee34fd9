// TeX's maths symbol fonts (cmsy, in the OMS encoding) are often embedded without a map to
// Unicode: pdf.js then gives their raw codes, so a bullet reads as U+000F, a minus as U+0000 and
// "−→" as "\u0000!". Control characters are never text, so a run that holds one and no lower-case
// letter is read as OMS codes and mapped to the symbols TeX draws for them (the capitals, OMS's
// calligraphic letters, stay as they are; a space stays a space).
const OMS_LOW = [...'−·×∗÷⋄±∓⊕⊖⊗⊘⊙○∘•≍≡⊆⊇≤≥⪯⪰∼≈⊂⊃≪≫≺≻←→↑↓↔↗↘≃⇐⇒⇑⇓⇔↖↙∝′∞∈∋△▽\u0338↦∀∃¬∅ℜℑ⊤⊥ℵ'];
const OMS_HIGH = [...'∪∩⊎∧∨⊢⊣⌊⌋⌈⌉{}⟨⟩|‖↕⇕\\≀√⨿∇∫⊔⊓⊑⊒§†‡¶♣♢♡♠'];
/** Codes 0x5B–0x7F in OMS. */
const HIGH_START = 0x5b;

const CONTROL = /[\u0000-\u001f]/;

/** The run's text with a symbol font's raw codes read as OMS; any other text unchanged. */
export function symbolFontText(text: string): string {
  // Most runs hold none: they pass untouched, on the path every run of every page takes.
  if (!CONTROL.test(text)) return text;
  if (/\p{Ll}/u.test(text)) return text.replace(/[\u0000-\u001f]/g, '');
  return [...text].map(omsSymbol).join('');
}

function omsSymbol(char: string): string {
  const code = char.codePointAt(0)!;
  // pdf.js puts word spaces in a run: OMS's 0x20 (←) is not one of them.
  if (code === 0x20) return char;
  if (code <= 0x40) return OMS_LOW[code] ?? '';
  if (code >= HIGH_START && code <= 0x7f) return OMS_HIGH[code - HIGH_START] ?? '';
  return char;
}
