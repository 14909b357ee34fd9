// Reads CL-SciSumm 2018 (WING-NUS/scisumm-corpus layout) for the support benchmark: each reference
// paper (Reference_XML, <S sid=..> sentences under <ABSTRACT> and <SECTION title=..>) and its
// citances with the reference sentences annotators tied them to.
//
// Training-Set-2018: annotation/<RP>.ann.txt, one citance a line of `Key: value |` fields.
// Test-Set-2018: the same XML; its gold is Test-Set-2018-Gold/Task1/<RP>_<annotator>.csv (one row
// per citance and annotator). Both are parsed tolerantly: the .ann.txt files spell "Citance
// Number" as "Citation Number" on some lines and space their lists differently; the CSV offsets
// come as 17', '17', ['17','18'], ;17' or "NA"/"???" (no sentence: the row is skipped).
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

export type ClSciSummSplit = 'train' | 'test';

export interface RpSentence {
  sid: number;
  section: string;
  text: string;
}

export interface ReferencePaper {
  id: string;
  title: string;
  /** Abstract sentences first (section "Abstract"), then the body's in reading order. */
  sentences: RpSentence[];
}

export interface Citance {
  paper: string;
  citing: string;
  /** The citing sentence(s), citation markers left as written. */
  text: string;
  /** sids of the reference sentences the annotator tied it to. */
  gold: number[];
}

export interface ClSciSummData {
  papers: Map<string, ReferencePaper>;
  citances: Citance[];
}

const SPLIT_DIRS: Record<ClSciSummSplit, string> = { train: 'Training-Set-2018', test: 'Test-Set-2018' };

export function loadClSciSumm(root: string, split: ClSciSummSplit): ClSciSummData {
  const dir = join(root, SPLIT_DIRS[split]);
  const papers = new Map<string, ReferencePaper>();
  for (const id of readdirSync(dir).sort()) {
    const xml = join(dir, id, 'Reference_XML', `${id}.xml`);
    if (existsSync(xml)) papers.set(id, parseReferenceXml(id, readFileSync(xml, 'utf8')));
  }
  const citances = split === 'train' ? trainCitances(dir, papers) : goldCitances(join(root, 'Test-Set-2018-Gold', 'Task1'));
  return { papers, citances: citances.filter((c) => papers.has(c.paper) && c.gold.length > 0 && c.text.trim()) };
}

const SENTENCE = /<S\b[^>]*?\bsid\s*=\s*"(\d+)"[^>]*>([\s\S]*?)<\/S>/g;
const BLOCK = /<(ABSTRACT|SECTION|SUBSECTION)\b([^>]*)>|<\/(ABSTRACT|SECTION|SUBSECTION)>/g;

export function parseReferenceXml(id: string, xml: string): ReferencePaper {
  const sentences: RpSentence[] = [];
  let title = '';
  // Sections by position: the last opening tag before a sentence names its section.
  const heads: { at: number; head: string }[] = [];
  for (const m of xml.matchAll(BLOCK)) {
    if (m[3]) continue;
    const titleAttr = /title\s*=\s*"([^"]*)"/.exec(m[2] ?? '')?.[1];
    heads.push({ at: m.index, head: m[1] === 'ABSTRACT' ? 'Abstract' : decodeEntities(titleAttr ?? '').trim() || 'Body' });
  }
  let h = -1;
  for (const m of xml.matchAll(SENTENCE)) {
    while (h + 1 < heads.length && heads[h + 1]!.at < m.index) h++;
    const text = cleanSentence(m[2]!);
    const sid = Number(m[1]);
    if (sid === 0 && h < 0) title = text;
    else if (text) sentences.push({ sid, section: h >= 0 ? heads[h]!.head : 'Body', text });
  }
  return { id, title, sentences };
}

function trainCitances(dir: string, papers: Map<string, ReferencePaper>): Citance[] {
  const citances: Citance[] = [];
  for (const id of papers.keys()) {
    const annotationDir = join(dir, id, 'annotation');
    if (!existsSync(annotationDir)) continue;
    for (const file of readdirSync(annotationDir).filter((f) => f.endsWith('.txt'))) {
      for (const line of readFileSync(join(annotationDir, file), 'utf8').split('\n')) {
        const citance = parseAnnotationLine(id, line);
        if (citance) citances.push(citance);
      }
    }
  }
  return citances;
}

/** One `Key: value | Key: value |` line; undefined for blank or unreadable lines. */
export function parseAnnotationLine(paper: string, line: string): Citance | undefined {
  const field = (name: string, next: string) =>
    new RegExp(`${name}:\\s*([\\s\\S]*?)\\s*\\|\\s*${next}:`).exec(line)?.[1];
  const text = field('Citation Text', 'Reference Offset');
  const offsets = field('Reference Offset', 'Reference Text');
  if (text === undefined || offsets === undefined) return undefined;
  const citing = /Citing Article:\s*([^|]*?)\s*\|/.exec(line)?.[1]?.replace(/\.xml$/, '') ?? '';
  return { paper, citing, text: sentencesOf(text), gold: numbersIn(offsets) };
}

function goldCitances(dir: string): Citance[] {
  const citances: Citance[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.csv')).sort()) {
    const paper = file.replace(/_[^_]*\.csv$/, '');
    const [header, ...rows] = parseCsv(readFileSync(join(dir, file), 'latin1'));
    if (!header) continue;
    const column = (name: string) => header.findIndex((h) => h.trim() === name);
    const [clean, raw, offsets, citing] = ['Citation Text Clean', 'Citation Text', 'Reference Offset', 'Citing Article'].map(column);
    for (const row of rows) {
      const text = row[clean!]?.trim() || row[raw!] || '';
      citances.push({ paper, citing: row[citing!] ?? '', text: sentencesOf(text), gold: numbersIn(row[offsets!] ?? '') });
    }
  }
  return citances;
}

/** RFC 4180 CSV: quoted fields may hold commas, doubled quotes and newlines. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      }
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    }
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim()));
}

function numbersIn(text: string): number[] {
  return [...new Set((text.match(/\d+/g) ?? []).map(Number))];
}

/** The text of `<S>` elements joined, or the whole value when it has none. */
function sentencesOf(value: string): string {
  const inner = [...value.matchAll(/<S\b[^>]*>([\s\S]*?)<\/S>/g)].map((m) => cleanSentence(m[1]!));
  return inner.length ? inner.join(' ') : cleanSentence(value);
}

function cleanSentence(text: string): string {
  return decodeEntities(text.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ').trim();
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML entities, applied twice: the corpus double-escapes some (&amp;quot;). */
function decodeEntities(text: string): string {
  const once = (s: string) =>
    s.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
      return NAMED[name.toLowerCase()] ?? whole;
    });
  return once(once(text));
}

/**
 * The citance as a claim: citation markers removed, as the claim stage removes \cite. Drops
 * parentheses holding a year ("(Charniak, 2000)", "(1996)") and "Author et al." left before them.
 */
export function citanceAsClaim(text: string): string {
  return text
    .replace(/\(([^()]*?\b(?:19|20)\d\d[a-z]?\b[^()]*?)\)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
