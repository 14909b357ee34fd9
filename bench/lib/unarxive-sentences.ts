// The unarXive sample (datasets/unarxive-sample/, 49 arXiv papers of Dec 2022) as labelled
// sentences for cite-worthiness: each paragraph with its {{cite:…}} markers taken out, split by the
// editor's sentence splitter, a sentence labelled "cites" when a marker stood in it (a marker
// right after its full stop belongs to it). Formulas read as the editor reads inline math (a bare
// number stays), figure/table references as nothing, as \ref renders. Papers are split into
// training and held-apart ones by id, never sentence by sentence.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { latexToPlainText, tidy } from '../../src/core/latex/plainText';
import { splitSentences } from '../../src/core/text/sentences';
import type { SentenceInContext } from '../../src/core/coverage/features';

export interface LabelledSentence extends SentenceInContext {
  cited: boolean;
  paragraph: number;
}

export interface Paper {
  id: string;
  sentences: LabelledSentence[];
  /** The body as LaTeX (citations as \cite, formulas as $x$), to run the editor's reader on. */
  latex: string;
}

interface RawParagraph {
  section?: string;
  text?: string;
}

interface RawPaper {
  paper_id: string;
  abstract?: { text?: string };
  body_text?: RawParagraph[];
  ref_entries?: Record<string, { latex?: string }>;
}

/** Stands in for a citation marker through splitting (a private-use character). */
const MARK = '\uE000';

export function readUnarxive(data: string): Paper[] {
  const archive = join(data, 'unarxive-sample', 'unarXive_data_sample.tar.gz');
  const listing = execFileSync('tar', ['tzf', archive], { encoding: 'utf8' }).split('\n').filter((f) => f.endsWith('.jsonl')).sort();
  const papers: Paper[] = [];
  for (const file of listing) {
    const content = execFileSync('tar', ['xzOf', archive, file], { encoding: 'utf8', maxBuffer: 1 << 28 });
    for (const line of content.split('\n').filter((l) => l.trim())) papers.push(paperOf(JSON.parse(line) as RawPaper));
  }
  return papers.filter((p) => p.sentences.some((s) => s.cited)).sort((a, b) => a.id.localeCompare(b.id));
}

/** Every fifth paper by id is held apart for evaluation; the others train. */
export function isHeldApart(paper: Paper, papers: Paper[]): boolean {
  return papers.findIndex((p) => p.id === paper.id) % 5 === 4;
}

/** The sentences of a paper's paragraphs that hold at least one citation (CiteWorth's setting). */
export function inCitingParagraphs(sentences: LabelledSentence[]): LabelledSentence[] {
  const citing = new Set(sentences.filter((s) => s.cited).map((s) => s.paragraph));
  return sentences.filter((s) => citing.has(s.paragraph));
}

function paperOf(raw: RawPaper): Paper {
  const sentences: LabelledSentence[] = [];
  let paragraph = 0;
  const add = (text: string, section: string, inAbstract: boolean) => {
    const plain = plainOf(text, raw.ref_entries ?? {});
    const split = labelled(plain);
    split.forEach((s, index) => {
      sentences.push({
        text: s.text,
        cited: s.cited,
        section,
        inAbstract,
        index,
        count: split.length,
        previousCited: split[index - 1]?.cited ?? false,
        nextCited: split[index + 1]?.cited ?? false,
        othersCited: split.filter((other, i) => i !== index && other.cited).length,
        paragraph,
      });
    });
    paragraph++;
  };
  if (raw.abstract?.text) add(raw.abstract.text, 'Abstract', true);
  for (const p of raw.body_text ?? []) if (p.text?.trim()) add(p.text, p.section ?? '', false);
  return { id: raw.paper_id, sentences, latex: latexOf(raw) };
}

function plainOf(text: string, refs: Record<string, { latex?: string }>): string {
  return tidy(
    text
      .replace(/\{\{cite:[^}]*\}\}/g, MARK)
      .replace(/\{\{formula:([^}]*)\}\}/g, (_, id: string) => ' ' + latexToPlainText(`$${refs[id]?.latex ?? 'x'}$`) + ' ')
      .replace(/\{\{[a-z]+:[^}]*\}\}/g, ''),
  );
}

/** Sentences with their label; markers opening a sentence go back to the one before. */
function labelled(plain: string): { text: string; cited: boolean }[] {
  const out: { text: string; cited: boolean }[] = [];
  for (const sentence of splitSentences(plain, 'claim')) {
    const leading = /^[\uE000\s,;.)\]]+/.exec(sentence)?.[0] ?? '';
    const previous = out.at(-1);
    if (previous && leading.includes(MARK)) previous.cited = true;
    const text = tidy(sentence.slice(previous ? leading.length : 0).replaceAll(MARK, ' '));
    if (/\p{L}/u.test(text)) out.push({ text, cited: sentence.slice(previous ? leading.length : 0).includes(MARK) });
  }
  return out;
}

/** The paper rebuilt as LaTeX: a \section per section change, citations as \cite, formulas as $x$. */
function latexOf(raw: RawPaper): string {
  const escape = (text: string) => text.replace(/\\/g, ' ').replace(/([%&#_$^{}~])/g, '\\$1');
  const parts = ['\\documentclass{article}\n\\begin{document}\n'];
  if (raw.abstract?.text) parts.push(`\\begin{abstract}\n${body(raw.abstract.text, escape)}\n\\end{abstract}\n`);
  let section: string | undefined;
  for (const p of raw.body_text ?? []) {
    if (!p.text?.trim()) continue;
    if (p.section !== section) parts.push(`\n\\section{${escape(p.section ?? '')}}\n`);
    section = p.section;
    parts.push(body(p.text, escape) + '\n\n');
  }
  parts.push('\\end{document}\n');
  return parts.join('');
}

function body(text: string, escape: (t: string) => string): string {
  const tokens = text.split(/(\{\{[a-z]+:[^}]*\}\})/);
  return tokens
    .map((t) => {
      const marker = /^\{\{([a-z]+):([^}]*)\}\}$/.exec(t);
      if (!marker) return escape(t).replace(/\n\s*\n/g, '\n\n');
      return marker[1] === 'cite' ? `\\cite{${marker[2]}}` : marker[1] === 'formula' ? '$x$' : '';
    })
    .join('');
}
