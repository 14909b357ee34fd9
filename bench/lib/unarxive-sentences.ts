// The unarXive sample (datasets/unarxive-sample/, 49 arXiv papers of Dec 2022) as labelled
// sentences for cite-worthiness: each paragraph with its {{cite:…}} markers taken out, split by the
// editor's sentence splitter, a sentence labelled "cites" when a marker stood in it (a marker
// right after its full stop belongs to it). Formulas read as the editor reads inline math (a bare
// number stays), figure/table references as nothing, as \ref renders. Papers are split into
// training and held-apart ones by id, never sentence by sentence.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { latexToPlainText, tidy } from '../../src/core/latex/plainText';
import { labelParagraphs, MARK, type LabelledSentence, type MarkedParagraph } from './labelled-sentences';

export { inCitingParagraphs, type LabelledSentence } from './labelled-sentences';

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

function paperOf(raw: RawPaper): Paper {
  const refs = raw.ref_entries ?? {};
  const paragraphs: MarkedParagraph[] = [];
  if (raw.abstract?.text) paragraphs.push({ text: plainOf(raw.abstract.text, refs), section: 'Abstract', inAbstract: true });
  for (const p of raw.body_text ?? []) {
    if (p.text?.trim()) paragraphs.push({ text: plainOf(p.text, refs), section: p.section ?? '', inAbstract: false });
  }
  return { id: raw.paper_id, sentences: labelParagraphs(paragraphs), latex: latexOf(raw) };
}

function plainOf(text: string, refs: Record<string, { latex?: string }>): string {
  return tidy(
    text
      .replace(/\{\{cite:[^}]*\}\}/g, MARK)
      .replace(/\{\{formula:([^}]*)\}\}/g, (_, id: string) => ' ' + latexToPlainText(`$${refs[id]?.latex ?? 'x'}$`) + ' ')
      .replace(/\{\{[a-z]+:[^}]*\}\}/g, ''),
  );
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
