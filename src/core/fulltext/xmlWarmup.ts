// A made-up JATS article in the shape of real ones (PMC, bioRxiv's HighWire flavour), for the
// parse worker to read while a real JATS is on the network. A new worker's first readings run
// its XML code cold: in a new process, four real JATS took 48–66 ms on one fresh worker (medians
// 54 and 58 ms, two sets of 10 runs of out/scratch's harness) and 22–28 ms once it had read this
// article up to 20 times (medians 25 and 24.5). The download takes hundreds of ms, so the
// compiling happens in time the user is waiting anyway.
// Every word here is generated (text/madeUp.ts): no third-party text ships in the bundle.

import { madeUpSentence as sentence, madeUpWord } from '../text/madeUp';

/** A body paragraph with the mixed content real ones have: citations, italics, numeric references, a float. */
function paragraph(section: number, index: number, references: number): string {
  const seed = section * 13 + index;
  const cite = (n: number) => `<xref ref-type="bibr" rid="ref-${(n % references) + 1}">${(n % references) + 1}</xref>`;
  const float = index === 2
    ? `<fig id="f${section}" position="float"><label>Figure ${section}.</label><caption><title>${sentence(seed, 6)}</title>` +
      `<p>${sentence(seed + 1, 14)}</p></caption><graphic xlink:href="f${section}.tif"/></fig>`
    : '';
  return `<p>${sentence(seed, 18)} ${sentence(seed + 2, 12)} [${cite(seed)}&#x02013;${cite(seed + 1)}] ` +
    `<italic>${sentence(seed + 3, 3)}</italic> (n&#x000a0;=&#x000a0;${40 + seed}, p&#x0003c;0.0${(seed % 9) + 1})${float} ` +
    `${sentence(seed + 4, 20)} <sup>${seed % 5}</sup> ${sentence(seed + 5, 9)} (${cite(seed + 2)}, ${cite(seed + 3)}).</p>`;
}

/** A table float as journals set them: a caption, a head row, rows of cells, a footnote. */
function table(index: number): string {
  const row = (r: number, cell: string) => `<tr>${[0, 1, 2, 3, 4, 5].map((c) => `<${cell} align="left">${r === 0 ? madeUpWord(index + c) : `${(r * 7 + c * 3) % 97}&#x000b1;${c}.${r}`}</${cell}>`).join('')}</tr>`;
  const rows = Array.from({ length: 12 }, (_, r) => row(r + 1, 'td')).join('');
  return `<table-wrap id="t${index}" position="float"><label>Table ${index}</label><caption><p>${sentence(index + 5, 11)}</p></caption>` +
    `<alternatives><graphic xlink:href="t${index}.tif"/><table frame="hsides" rules="groups"><colgroup span="1"><col align="left" span="1"/></colgroup>` +
    `<thead>${row(0, 'th')}</thead><tbody>${rows}</tbody></table></alternatives>` +
    `<table-wrap-foot><fn id="tf${index}"><p>${sentence(index + 6, 9)} &#x02265;${index}&#x000b0;C, &#x000b5;g.</p></fn></table-wrap-foot></table-wrap>`;
}

function section(index: number, references: number): string {
  const paragraphs = Array.from({ length: 6 }, (_, p) => paragraph(index, p, references)).join('');
  const list = index % 3 === 0
    ? `<list list-type="bullet">${[0, 1, 2].map((i) => `<list-item><p>${sentence(index + i, 10)}</p></list-item>`).join('')}</list>`
    : '';
  const formula = index % 2 === 0 ? `<disp-formula id="e${index}"><mml:math><mml:mi>x</mml:mi><mml:mo>=</mml:mo><mml:mn>${index}</mml:mn></mml:math></disp-formula>` : '';
  return `<sec id="s${index}" sec-type="results"><label>${index}</label><title>${sentence(index, 4).slice(0, -1)}</title>` +
    `${paragraphs}${list}${formula}${index % 2 === 1 ? table(index) : ''}<sec id="s${index}-1"><title>${sentence(index + 9, 3).slice(0, -1)}</title>${paragraph(index, 7, references)}</sec></sec>`;
}

function reference(index: number): string {
  const authors = [0, 1, 2].map((a) => `<name><surname>${madeUpWord(index + a)}</surname><given-names>${'ABC'[a]}</given-names></name>`).join('');
  const citation = index % 2 === 0
    ? `<element-citation publication-type="journal"><person-group person-group-type="author">${authors}</person-group>` +
      `<article-title>${sentence(index, 9)}</article-title><source>${sentence(index + 1, 2)}</source><year>${2000 + (index % 24)}</year>` +
      `<volume>${index}</volume><fpage>${index * 10}</fpage><lpage>${index * 10 + 9}</lpage><pub-id pub-id-type="doi">10.1000/made-up.${index}</pub-id></element-citation>`
    : `<mixed-citation publication-type="journal">${authors} (${2000 + (index % 24)}) <article-title>${sentence(index, 8)}</article-title> ` +
      `<source>${sentence(index + 2, 2)}</source> <volume>${index}</volume>: ${index}&#x02013;${index + 9}.</mixed-citation>`;
  return `<ref id="ref-${index}" hwp:id="ref-${index}"><label>${index}.</label>${citation}</ref>`;
}

/** Authors with their affiliations, accented names written as numeric references. */
function contributors(): string {
  const names = Array.from({ length: 7 }, (_, a) =>
    `<contrib contrib-type="author" xlink:type="simple"><name name-style="western"><surname>R&#x000e9;${madeUpWord(a)}</surname>` +
    `<given-names>Jo&#x000e3;o</given-names></name><xref ref-type="aff" rid="aff${a}"><sup>${a + 1}</sup></xref></contrib>`).join('');
  const affiliations = Array.from({ length: 7 }, (_, a) => `<aff id="aff${a}"><label>${a + 1}</label><addr-line>${sentence(a + 20, 6)}</addr-line></aff>`).join('');
  return `<contrib-group>${names}</contrib-group>${affiliations}`;
}

/** A made-up JATS article of about 100 KB: 8 sections, 4 tables, 40 references. */
export function madeUpJats(sections = 8, references = 40): string {
  const body = Array.from({ length: sections }, (_, s) => section(s + 1, references)).join('');
  const refs = Array.from({ length: references }, (_, r) => reference(r + 1)).join('');
  return '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<!DOCTYPE article PUBLIC "-//NLM//DTD JATS (Z39.96) Journal Archiving and Interchange DTD v1.2 20190208//EN" "JATS-archivearticle1.dtd">\n' +
    '<article xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:mml="http://www.w3.org/1998/Math/MathML" xmlns:hwp="http://schema.highwire.org/Journal" article-type="article">' +
    `<front><article-meta><article-id pub-id-type="doi">10.1101/000000</article-id><title-group><article-title>${sentence(1, 10)}</article-title></title-group>${contributors()}` +
    `<pub-date pub-type="epub"><day>25</day><month>6</month><year>2019</year></pub-date>` +
    `<abstract><title>Abstract</title><p>${sentence(2, 30)} ${sentence(3, 25)}</p></abstract></article-meta></front>` +
    `<body>${body}</body><back><ack><p>${sentence(4, 12)}</p></ack><ref-list><title>References</title>${refs}</ref-list></back></article>`;
}
