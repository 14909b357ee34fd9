// The open-access JATS full texts of datasets/fulltext-citations/ (Europe PMC, eLife, PLOS) as
// labelled sentences for cite-worthiness: each <p> of the abstract and the body, its
// <xref ref-type="bibr"> markers (and the brackets or parentheses holding only them) taken out, a
// sentence labelled "cites" when one stood in it. Figures, tables, formulas and footnotes give no
// text, as in the editor; the section is the innermost <sec>'s title, as the editor reads
// \subsection. Archives are unpacked into a temporary folder and read in name order.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tidy } from '../../src/core/latex/plainText';
import { JATS_XML, readXmlTree } from '../../src/core/fulltext/xmlReader';
import { attributes, children, descendants, find, tagOf, type XmlNode } from '../../src/core/fulltext/xmlNodes';
import { labelParagraphs, MARK, tidyMarkers, type LabelledSentence, type MarkedParagraph } from './labelled-sentences';

export interface TextPaper {
  id: string;
  corpus: string;
  sentences: LabelledSentence[];
}

const FOLDERS = ['europepmc-fulltextxml', 'elife', 'plos'];
const SKIP = new Set(['fig', 'fig-group', 'table-wrap', 'table-wrap-group', 'table', 'disp-formula', 'disp-formula-group', 'fn', 'fn-group', 'supplementary-material', 'graphic', 'media', 'label', 'title']);

export function readJats(data: string): TextPaper[] {
  const root = join(data, 'fulltext-citations');
  const papers: TextPaper[] = [];
  for (const folder of FOLDERS) {
    const archives = readdirSync(join(root, folder)).filter((f) => f.endsWith('.tar.gz')).sort();
    for (const archive of archives) papers.push(...readArchive(join(root, folder, archive), folder));
  }
  return papers.filter((p) => p.sentences.some((s) => s.cited)).sort((a, b) => a.id.localeCompare(b.id));
}

function readArchive(archive: string, corpus: string): TextPaper[] {
  const dir = mkdtempSync(join(tmpdir(), 'citeworth-'));
  try {
    execFileSync('tar', ['xzf', archive, '-C', dir]);
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.xml')).sort();
    return files.flatMap((file) => {
      const paper = paperOf(file.replace(/^.*\//, '').replace(/\.xml$/, ''), corpus, readFileSync(join(dir, file), 'utf8'));
      return paper ? [paper] : [];
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function paperOf(id: string, corpus: string, xml: string): TextPaper | undefined {
  let nodes: XmlNode[];
  try {
    nodes = readXmlTree(xml.replace(/^\uFEFF/, ''), JATS_XML);
  } catch {
    return undefined;
  }
  const article = find(nodes, 'article');
  const front = article && find(children(article), 'front');
  const meta = front && find(children(front), 'article-meta');
  const body = article && find(children(article), 'body');
  const paragraphs: MarkedParagraph[] = [];
  const abstract = meta && children(meta).find((n) => tagOf(n) === 'abstract' && !attributes(n)['abstract-type']);
  if (abstract) for (const p of descendants(abstract, 'p')) paragraphs.push({ text: marked(p), section: 'Abstract', inAbstract: true });
  if (body) collect(children(body), '', paragraphs);
  return { id, corpus, sentences: labelParagraphs(paragraphs.filter((p) => p.text)) };
}

/** The <p>s of a body or <sec> in order, each with its innermost section title. */
function collect(nodes: XmlNode[], section: string, into: MarkedParagraph[]): void {
  for (const node of nodes) {
    const tag = tagOf(node);
    if (tag === 'p') into.push({ text: marked(node), section, inAbstract: false });
    else if (tag === 'sec') {
      const title = find(children(node), 'title');
      collect(children(node), title ? tidy(inline(children(title))) : section, into);
    } else if (tag && !SKIP.has(tag) && tag !== 'ref-list') collect(children(node), section, into);
  }
}

/** A paragraph's text, each citation marker as MARK and brackets holding only markers gone. */
function marked(p: XmlNode): string {
  const text = inline(children(p));
  return tidy(tidyMarkers(text));
}

function inline(nodes: XmlNode[]): string {
  let text = '';
  for (const node of nodes) {
    if ('#text' in node) {
      text += String(node['#text']);
      continue;
    }
    const tag = tagOf(node);
    if (!tag) continue;
    if (tag === 'xref') text += attributes(node)['ref-type'] === 'bibr' ? MARK : ''; // \ref renders as nothing
    else if (tag === 'inline-formula') text += ' x ';
    else if (tag === 'list') text += ' ' + descendants(node, 'p').map((q) => inline(children(q))).join(' ') + ' ';
    else if (SKIP.has(tag) && tag !== 'title') text += ' ';
    else text += inline(children(node));
  }
  return text;
}
