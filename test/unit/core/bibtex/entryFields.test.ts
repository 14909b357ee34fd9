// The one walk over a .bib entry (where its fields' names and values stand, where it ends), on
// exports as Zotero's Better BibTeX/BibLaTeX, DBLP, doi.org and Crossref write them, and on what
// BibTeX reads differently from a naive scan: quotes inside braces, `#`, bare values, `@comment`,
// `@preamble`, `@string`, `( … )` entries, an entry that never closes.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { bibtexParser } from 'latex-utensils';
import { scanBibEntry, type ScannedBibEntry } from '../../../../src/core/bibtex/entryFields';
import { fixturePath } from '../../../standin/server';

const EXPORTS = [
  ['bib-files', 'better-bibtex_auto-export-after.biblatex.bib'],
  ['bib-files', 'better-bibtex_veryshorttitle-compound-words-551.bibtex.bib'],
  ['dblp', 'rec_iclr-2017_two-records.bib'],
  ['dblp', 'rec_conf-mlsys-2019_proceedings.bib'],
  ...readdirSync(fixturePath('bibtex')).filter((f) => f.endsWith('.bib')).map((f) => ['bibtex', f]),
] as const;

const textOf = (text: string, span: { start: number; end: number }): string => text.slice(span.start, span.end);

/** The entry whose text holds `marker` (its `@…` or its key). */
function scanAt(text: string, marker: string, limit?: number): ScannedBibEntry {
  return scanBibEntry(text, text.lastIndexOf('@', text.indexOf(marker)), limit);
}

function field(entry: ScannedBibEntry, name: string) {
  const found = entry.fields.find((f) => f.name.toLowerCase() === name);
  assert.ok(found, `no field ${name} among ${entry.fields.map((f) => f.name).join(', ')}`);
  return found;
}

describe('scanning a .bib entry', () => {
  it("finds each field's name, value and the entry's end where the BibTeX parser does, in real exports", () => {
    let checked = 0;
    for (const [folder, name] of EXPORTS) {
      const text = readFileSync(fixturePath(folder, name), 'utf8');
      for (const parsed of bibtexParser.parse(text).content) {
        if (!bibtexParser.isEntry(parsed)) continue;
        const scanned = scanBibEntry(text, parsed.location.start.offset);
        assert.equal(scanned.close, parsed.location.end.offset - 1, `${name}: end of ${parsed.internalKey}`);
        const where = scanned.fields.map((f) => [f.name.toLowerCase(), f.nameSpan.start, f.valueSpan.start, f.valueSpan.end]);
        const expected = parsed.content.map((f) => [
          f.name, f.location.start.offset, f.value.location.start.offset, f.value.location.end.offset,
        ]);
        assert.deepEqual(where, expected, `${name}: fields of ${parsed.internalKey}`);
        checked += where.length;
      }
    }
    assert.ok(checked > 100, `only ${checked} fields checked`);
  });

  it('reads a quote inside braces as text: {\\"a} and {"} do not end a quoted value', () => {
    const text = String.raw`@article{tosatto2015,
  author  = "Horrocks, M. H. and Crem{\"a}des, Nunilo and {"}Smith{"}",
  year    = "2015"
}`;
    const entry = scanBibEntry(text, 0);
    assert.equal(textOf(text, field(entry, 'author').valueSpan), String.raw`"Horrocks, M. H. and Crem{\"a}des, Nunilo and {"}Smith{"}"`);
    assert.equal(textOf(text, field(entry, 'year').valueSpan), '"2015"');
    assert.equal(entry.close, text.length - 1);
  });

  it('keeps a quote in a braced value and a field written in an abstract as text of the value', () => {
    const text = readFileSync(fixturePath('bib-files', 'better-bibtex_veryshorttitle-compound-words-551.bibtex.bib'), 'utf8');
    const entry = scanAt(text, 'bauer_wars_2014');
    assert.match(textOf(text, field(entry, 'abstract').valueSpan), /^\{In suggesting.*``war effects''.*\}$/s);
    assert.deepEqual(entry.fields.map((f) => f.name).slice(0, 4), ['title', 'author', 'year', 'journal']);
    const written = String.raw`@article{x, abstract = {We fit "year = 2019", title = {fake}.}, title = {Real}}`;
    assert.deepEqual(scanBibEntry(written, 0).fields.map((f) => [f.name, textOf(written, f.valueSpan)]), [
      ['abstract', '{We fit "year = 2019", title = {fake}.}'],
      ['title', '{Real}'],
    ]);
  });

  it('gives a value joined with # as one value in parts, and bare numbers and @string names as bare parts', () => {
    const crossref = readFileSync(fixturePath('bibtex', 'crossref-cn_10.1126_science.169.3946.635.bib'), 'utf8');
    const month = field(scanBibEntry(crossref, crossref.indexOf('@')), 'month');
    assert.deepEqual([textOf(crossref, month.valueSpan), month.parts.map((p) => p.kind)], ['Aug', ['bare']]);
    const text = '@article{ApJS,\n  journal = apj # " Suppl." # {, } # 2,\n  year = 1999,\n}';
    const entry = scanBibEntry(text, 0);
    const journal = field(entry, 'journal');
    assert.equal(textOf(text, journal.valueSpan), 'apj # " Suppl." # {, } # 2');
    assert.deepEqual(journal.parts.map((p) => [p.kind, textOf(text, p)]), [
      ['bare', 'apj'],
      ['quoted', '" Suppl."'],
      ['braced', '{, }'],
      ['bare', '2'],
    ]);
    assert.deepEqual([textOf(text, field(entry, 'year').valueSpan), field(entry, 'year').parts[0]!.kind], ['1999', 'bare']);
  });

  it('reads an entry in ( … ): a ) inside braces or quotes does not end it, a bare value stops before it', () => {
    const text = '@article(paren2015,\n  title = {A (short) note},\n  note = "see (2)",\n  year = 2015)\n\n@misc{next, title = {N}}';
    const entry = scanBibEntry(text, 0);
    assert.equal(entry.close, text.indexOf('2015)') + 4);
    assert.deepEqual(entry.fields.map((f) => textOf(text, f.valueSpan)), ['{A (short) note}', '"see (2)"', '2015']);
  });

  it('reads @string as its one field, @preamble as one value without a name, @comment as the word alone', () => {
    const text = String.raw`@string{apj = "Astrophysical Journal"}
@preamble{"\newcommand{\noopsort}[1]{}" # "\def\x{}"}
@Comment{jabref-meta: grouping:
0 AllEntriesGroup:;
1 StaticGroup:net\;0\;1\;0x8a8a8aff\;\;\;;
}
`;
    const string = scanBibEntry(text, 0);
    assert.deepEqual([string.type, string.fields.map((f) => [f.name, textOf(text, f.valueSpan)])], ['string', [['apj', '"Astrophysical Journal"']]]);
    assert.equal(string.close, text.indexOf('\n') - 1);
    const preamble = scanAt(text, '@preamble');
    assert.deepEqual(preamble.fields.map((f) => [f.name, textOf(text, f.valueSpan)]), [['', String.raw`"\newcommand{\noopsort}[1]{}" # "\def\x{}"`]]);
    assert.equal(text[preamble.close!], '}');
    assert.deepEqual(scanAt(text, '@Comment'), { type: 'Comment', fields: [] });
  });

  it('an entry that never closes has no end before the limit, and its open value is no field', () => {
    const text = readFileSync(fixturePath('bibcheck', 'user.bib'), 'utf8');
    const next = text.indexOf('@article{ghost2020');
    const broken = scanAt(text, '@article{broken', next);
    assert.equal(broken.close, undefined);
    assert.deepEqual(broken.fields, []);
    const ghost = scanBibEntry(text, next);
    assert.deepEqual(ghost.fields.map((f) => f.name), ['title', 'author', 'year']);
    assert.equal(text.slice(ghost.close!, ghost.close! + 1), '}');
  });

  it('reads a % line where a field name stands as a comment, and % inside a value as text', () => {
    const text = '@misc{page,\n  % doi = {10.1/x}, note = {n},\n  url = {https://doi.org/10.1086%2F307221}, % read 2024\n  year = 2020\n}';
    const entry = scanBibEntry(text, 0);
    assert.deepEqual(entry.fields.map((f) => [f.name, textOf(text, f.valueSpan)]), [
      ['url', '{https://doi.org/10.1086%2F307221}'],
      ['year', '2020'],
    ]);
    assert.equal(entry.close, text.length - 1);
    const lone = '@misc{rack,\n  % the 19" rack, {room 12\n  year = 2020\n}\n% after "it"\n';
    assert.equal(scanBibEntry(lone, 0).close, lone.indexOf('\n}') + 1, 'a quote or brace in the comment opens nothing');
  });

  it('takes no field name from a stray character or a word glued to one', () => {
    const text = '@article{mine2020,\n  %doi = {10.1/x},\n  title = {Kept}}';
    assert.deepEqual(scanBibEntry(text, 0).fields.map((f) => f.name), ['title']);
    assert.equal(scanBibEntry(text, 0).close, text.length - 1);
  });
});
