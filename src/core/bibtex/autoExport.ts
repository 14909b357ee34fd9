// Recognises a .bib written by Zotero's Better BibTeX (BBT). An auto-export is rewritten from
// Zotero on its next run, so an entry citefinder appends there would silently disappear.
// BBT writes no header comment of its own, so besides a header comment that names it (an older
// export, or one a user added) its layout is what gives it away: every entry as
// `@type{key,` / `  field = value` lines (two spaces, lower-case names, one space either side of
// `=`, no alignment) / `}` — which JabRef (@Article, aligned `=`), Zotero's own exporter (tabs),
// Google Scholar (`title={…}`), biber's tool mode (upper case) and doi.org (one line) do not write —
// together with a field only Zotero exports (urldate, langid, shorttitle, annotation, file, …).

export interface AutoExportEvidence {
  /** What gave it away, for the message shown to the user. */
  evidence: string;
}

const HEADER_NAMES = /better\s*bib(la)?tex|zotero/i;
const REGULAR_ENTRY = /^@(?!(?:comment|string|preamble)\b)([A-Za-z]+)\s*\{/i;
const BBT_ENTRY_HEAD = /^@[a-z]+\{[^\s,{}]+,$/;
const BBT_FIELD = /^ {2}[a-z][a-z0-9_.:-]* = \S/;
/** Any line that looks like a field, whatever its layout. */
const ANY_FIELD = /^\s*[A-Za-z][\w.:-]*\s*=/;
/** Fields Zotero's data model gives and BBT exports, which hand-written or authority entries rarely carry. */
const ZOTERO_FIELDS = /^ {2}(urldate|langid|shorttitle|annotation|file|timestamp|extra|abstract|keywords) = /m;

/** The header comment before the first entry, if it names Better BibTeX or Zotero. */
function headerEvidence(text: string): AutoExportEvidence | undefined {
  const firstEntry = text.search(/^\s*@(?!comment\b)/im);
  const head = firstEntry < 0 ? text : text.slice(0, firstEntry);
  const comments = [...head.matchAll(/^\s*%(.*)$/gm)].map((m) => m[1]!);
  for (const m of head.matchAll(/@comment\s*\{([^}]*)\}/gi)) comments.push(m[1]!);
  const named = comments.find((c) => HEADER_NAMES.test(c));
  return named === undefined ? undefined : { evidence: `its header comment ("${named.trim().slice(0, 80)}")` };
}

/** The text of each regular entry (from its `@` line to the line before the next `@`). */
function entries(text: string): string[] {
  const chunks = text.split(/^(?=@)/m);
  return chunks.filter((chunk) => REGULAR_ENTRY.test(chunk)).map((chunk) => chunk.trimEnd());
}

/** True when the entry is laid out exactly as BBT writes it. */
function hasBbtLayout(entry: string): boolean {
  const lines = entry.split('\n');
  if (!BBT_ENTRY_HEAD.test(lines[0]!) || lines.at(-1) !== '}' || lines.length < 3) return false;
  const fields = lines.slice(1, -1).filter((line) => ANY_FIELD.test(line));
  return fields.length > 0 && fields.every((line) => BBT_FIELD.test(line));
}

/** Evidence that `text` is a Better BibTeX export, or undefined. */
export function detectBetterBibtexExport(text: string): AutoExportEvidence | undefined {
  const header = headerEvidence(text);
  if (header) return header;
  const all = entries(text.replace(/\r\n/g, '\n'));
  if (all.length === 0 || !all.every(hasBbtLayout) || !ZOTERO_FIELDS.test(text)) return undefined;
  return { evidence: `the layout Better BibTeX writes (all ${all.length} entr${all.length === 1 ? 'y' : 'ies'}, with Zotero's fields)` };
}
