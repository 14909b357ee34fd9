// `citefinder bib check` end to end: the real dist/cli.js against the stand-in services.
import { strict as assert } from 'node:assert';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CliStandIn, runCli, startCliStandIn, stopCliStandIn } from '../../helpers/cliRun';
import { fixturePath } from '../../standin/server';



describe('CLI bib check against the stand-in services', function () {
  this.timeout(30_000);
  let dir: string;
  let env: Record<string, string>;
  let bib: string;
  let cli: CliStandIn | undefined;
  beforeEach(async () => {
    cli = await startCliStandIn('citefinder-bibcheck-');
    ({ dir, env } = cli);
    bib = join(dir, 'user.bib');
    copyFileSync(fixturePath('bibcheck', 'user.bib'), bib);
  });
  afterEach(() => stopCliStandIn(cli));

  it('prints each entry with its status and the differing fields, ours and the authority\'s', async () => {
    const run = await runCli(['bib', 'check', bib, '--json'], env);
    assert.equal(run.code, 0, run.stderr);
    const out = JSON.parse(run.stdout) as {
      entries: {
        key: string;
        status: string;
        fields: Record<string, { ours?: string; authority: string }>;
        work: { doi?: string } | null;
      }[];
      summary: Record<string, number>;
    };
    const perlmutter = out.entries.find((e) => e.key === 'perlmutter1999')!;
    assert.equal(perlmutter.status, 'differs');
    assert.deepEqual(perlmutter.fields.year, { ours: '1998', authority: '1999' });
    assert.deepEqual(out.summary, { ok: 1, differs: 3, unverified: 1, duplicate: 1, unavailable: 0 });
    const entries = out.entries as unknown as {
      key: string;
      verdict: string;
      kind?: string;
      confidence: number;
      authority: string | null;
      evidence: { field: string; status: string }[];
    }[];
    assert.deepEqual(
      entries.map((e) => [e.key, e.verdict, e.authority]),
      [
        ['perlmutter1999', 'verified-fixable', 'arxiv'],
        ['valerocuevas2017', 'verified-fixable', 'crossref'],
        ['grasp-preprint', 'verified-fixable', 'arxiv'],
        ['arya2003', 'verified-fixable', 'crossref'],
        ['ghost2020', 'not-found', null],
        ['tosatto2015', 'verified', 'crossref'],
      ],
    );
    assert.ok(entries.every((e) => e.confidence > 0 && e.confidence <= 1 && Array.isArray(e.evidence)));
    assert.deepEqual(entries[1]!.evidence.find((e) => e.field === 'volume'), { field: 'volume', entry: '13', authority: '14', status: 'differs' });
    assert.equal(readFileSync(bib, 'utf8'), readFileSync(fixturePath('bibcheck', 'user.bib'), 'utf8'), 'a check writes nothing');
  });

  it('prints a graded verdict per entry and a summary per verdict, counting the entry that is not valid BibTeX with its line', async () => {
    const run = await runCli(['bib', 'check', bib], env);
    assert.equal(run.code, 0, run.stderr);
    const brokenLine = readFileSync(bib, 'utf8').split('\n').findIndex((line) => line.startsWith('@article{broken,')) + 1;
    const summary = run.stdout.split('\n').find((line) => /^\d+ entries/.test(line));
    assert.equal(summary?.split(':')[0], `7 entries, 1 not valid BibTeX (line ${brokenLine})`, run.stdout);
    assert.match(run.stdout, /not-found +ghost2020: No authority has a work with this title/);
    assert.match(run.stdout, /volume: ours "13" · Crossref "14"/);
    // A value the entry has is offered as a correction, with both values; a missing one as an addition.
    assert.match(run.stdout, /valerocuevas2017: Verified at Crossref \(10\.1186\/s12984-017-0305-3\); it could correct volume \(13 → 14\)\./);
    assert.match(run.stdout, /perlmutter1999: Verified at arXiv \(astro-ph\/9812133\); it could correct year \(1998 → 1999\)/);
    assert.match(run.stdout, /year: ours "1998" · arXiv "1999" \(ours is the preprint's year; the venue's is later\)/, 'a fixable year is shown though it is no error');
    // Each of the six entries read counted once: the duplicate as the duplicate, not under its verdict too.
    assert.match(run.stdout, /: verified 1 · verified-fixable 3 · not-found 1 · duplicate 1$/m);
    // Each verdict in its entry's place in the file, the one that is not valid BibTeX among them.
    const placed = run.stdout.split('\n').map((line) => /^ *(\d+)  \S/.exec(line)?.[1]).filter(Boolean).map(Number);
    assert.deepEqual(placed, [...placed].sort((a, b) => a - b), run.stdout);
    assert.ok(placed.includes(brokenLine) && placed.at(-1) !== brokenLine, run.stdout);
  });

  it('--write applies the authority\'s fields to the entries that differ and keeps a byte copy as .bak', async () => {
    const original = readFileSync(bib, 'utf8');
    const run = await runCli(['bib', 'check', bib, '--write'], env);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(readFileSync(`${bib}.bak`, 'utf8'), original);
    const written = readFileSync(bib, 'utf8');
    assert.match(written, /year {10}= \{1999\},/);
    assert.match(written, /volume {2}= \{14\},/);
    assert.ok(written.includes('@article{broken,\n  title = {A brace that never closes,'), 'the broken entry is left as it is');
    assert.ok(written.includes(original.slice(original.indexOf('@article{ghost2020'))), 'entries after the edits, byte for byte');
  });

  it('exits 2 for a missing file or one with no readable entry', async () => {
    assert.equal((await runCli(['bib', 'check', join(dir, 'none.bib')], env)).code, 2);
    writeFileSync(join(dir, 'junk.bib'), '@article{x, title = {never closed\n');
    const junk = await runCli(['bib', 'check', join(dir, 'junk.bib')], env);
    assert.equal(junk.code, 2);
    assert.match(junk.stderr, /holds no readable BibTeX entry \(line 1/);
    assert.equal(existsSync(join(dir, 'junk.bib.bak')), false);
  });

  it('verifies an entry as NASA ADS exports it: \\apj for the journal, \\ensuremath in the title, the team as "{Project}, The …"', async () => {
    const ads = join(dir, 'ads.bib');
    writeFileSync(ads, `@ARTICLE{1999ApJ...517..565P,
       author = {{Perlmutter}, S. and {Aldering}, G. and {Goldhaber}, G. and {Knop}, R.~A. and {Nugent}, P. and {Castro}, P.~G. and {Deustua}, S. and {Fabbro}, S. and {Goobar}, A. and {Groom}, D.~E. and {Hook}, I.~M. and {Kim}, A.~G. and {Kim}, M.~Y. and {Lee}, J.~C. and {Nunes}, N.~J. and {Pain}, R. and {Pennypacker}, C.~R. and {Quimby}, R. and {Lidman}, C. and {Ellis}, R.~S. and {Irwin}, M. and {McMahon}, R.~G. and {Ruiz-Lapuente}, P. and {Walton}, N. and {Schaefer}, B. and {Boyle}, B.~J. and {Filippenko}, A.~V. and {Matheson}, T. and {Fruchter}, A.~S. and {Panagia}, N. and {Newberg}, H.~J.~M. and {Couch}, W.~J. and {Project}, The Supernova Cosmology},
        title = "{Measurements of {\\ensuremath{\\Omega}} and {\\ensuremath{\\Lambda}} from 42 High-Redshift Supernovae}",
      journal = {\\apj},
         year = 1999,
        month = jun,
       volume = {517},
       number = {2},
        pages = {565-586},
          doi = {10.1086/307221},
}
`);
    const run = await runCli(['bib', 'check', ads], env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^ +1 +verified +1999ApJ\.\.\.517\.\.565P: Verified at Crossref \(10\.1086\/307221\)\.$/m, run.stdout);
  });
});
