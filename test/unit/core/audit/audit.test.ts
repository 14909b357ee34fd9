// The cite audit on a small project against the stand-in services: every status, every cite
// form, comments and verbatim ignored, a broken .bib entry reported, incremental re-runs.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { mkdtempSync, readdirSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStandIn, type StandIn } from '../../../standin';
import { fixturePath } from '../../../standin/server';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { resolveSettings, type Settings } from '../../../../src/core/settings/index';
import { AuditCache, auditProject, type AuditDeps } from '../../../../src/core/audit';
import { citationSites } from '../../../../src/core/latex/citeSites';
import { diskInput } from '../../../helpers/auditInput';

describe('cite audit: finding the citations', () => {
  it('reads every cite form with its keys and its own sentence, and skips comments and verbatim', () => {
    const source = String.raw`\section{Intro}
Supernovae show acceleration \citep[see][p.~3]{a,b}. As Smith et al.\ noted \textcite*{c} it holds.
% \cite{hidden}
\begin{verbatim}\cite{typed}\end{verbatim} \verb|\cite{inline}|
Several \cites(see)()[p.~1]{d}[p.~2]{e} agree. \nocite{*} \parencite{f}

New paragraph \autocite[12]{g}.`;
    const sites = citationSites('/p/main.tex', source);
    assert.deepEqual(sites.map((s) => [s.key, s.command]), [['a', 'citep'], ['b', 'citep'], ['c', 'textcite'], ['d', 'cites'], ['e', 'cites'], ['f', 'parencite'], ['g', 'autocite']]);
    assert.equal(sites[0]!.sentence, 'Supernovae show acceleration.');
    assert.equal(sites[2]!.sentence, 'As Smith et al. noted it holds.');
    assert.equal(sites[3]!.sentence, 'Several agree.');
    assert.equal(sites[6]!.sentence, 'New paragraph.');
    assert.deepEqual(sites[1]!.range, { start: { line: 1, character: 49 }, end: { line: 1, character: 50 } });
    assert.equal(source.split('\n')[1]!.slice(49, 50), 'b');
  });

  it('reads the abbreviations the sentence splitter knows as no sentence end ("vol. 12", "p.~4", "ca. 30")', () => {
    const source = String.raw`The survey is in vol. 12 of the series \cite{a}. The effect is shown on p.~4 of the report \cite{b}.
About ca. 30 patients, cf. Tab. 2, were enrolled \cite{c}. Trees, forests, etc. \cite{d} were tried.`;
    assert.deepEqual(citationSites('/p/main.tex', source).map((s) => s.sentence), [
      'The survey is in vol. 12 of the series.',
      'The effect is shown on p. 4 of the report.',
      'About ca. 30 patients, cf. Tab. 2, were enrolled.',
      'Trees, forests, etc. were tried.',
    ]);
  });

  it('reads a citation in a heading or caption with its title, and one in a footnote with the sentence it hangs on', () => {
    const source = String.raw`\section{Residual learning \cite{he2016}}
Deep networks learn representations.\footnote{As argued by \citet{bengio2013}.} They generalise well~\cite{zhang2017}.
\begin{figure}
\caption{Accuracy of residual networks~\cite{he2016b}. Deeper is better.}
\end{figure}
Attention helps translation~\cite{vaswani2017}.`;
    assert.deepEqual(Object.fromEntries(citationSites('/p/main.tex', source).map((s) => [s.key, s.sentence])), {
      he2016: 'Residual learning',
      bengio2013: 'Deep networks learn representations.',
      zhang2017: 'They generalise well.',
      he2016b: 'Accuracy of residual networks.',
      vaswani2017: 'Attention helps translation.',
    });
  });

  it('reads a citation right after a full stop or comma (REVTeX, superscript styles) with the sentence that stop ends', () => {
    const source = String.raw`Type Ia supernovae are standardizable candles.\cite{phillips1993} Their light curves were
calibrated by Riess et al.~\cite{riess1996}. The expansion accelerates,\cite{riess1998} as later confirmed.~\cite{astier2006}`;
    const sentence = Object.fromEntries(citationSites('/p/main.tex', source).map((s) => [s.key, [s.sentence, s.context]]));
    assert.deepEqual(sentence, {
      phillips1993: ['Type Ia supernovae are standardizable candles.', undefined],
      riess1996: ['Their light curves were calibrated by Riess et al.', 'Type Ia supernovae are standardizable candles.'],
      riess1998: ['The expansion accelerates, as later confirmed.', undefined],
      astier2006: ['The expansion accelerates, as later confirmed.', undefined],
    });
  });

  it('reads a list item\'s citation with its item, not with the items and the sentence after it; an equation stays inside its sentence', () => {
    const source = String.raw`We use two data sets:
\begin{itemize}
\item the Pantheon sample of supernovae \cite{scolnic2018}
\item[(b)] the Planck maps \cite{planck2018}
\end{itemize}
The expansion of the universe is accelerating \cite{perlmutter1999}.
Einstein showed \cite{einstein1905} that
\begin{equation}
E = mc^2
\end{equation}
holds for a body at rest.
\section{Data}`;
    const sentence = Object.fromEntries(citationSites('/p/main.tex', source).map((s) => [s.key, s.sentence]));
    assert.deepEqual(sentence, {
      scolnic2018: 'the Pantheon sample of supernovae',
      planck2018: 'the Planck maps',
      perlmutter1999: 'The expansion of the universe is accelerating.',
      einstein1905: 'Einstein showed that holds for a body at rest.',
    });
  });
});

describe('cite audit against the stand-in services', function () {
  this.timeout(30_000);
  let standIn: StandIn;
  let dir: string;
  let settings: Settings;
  let deps: AuditDeps;
  beforeEach(async () => {
    standIn = await startStandIn();
    dir = mkdtempSync(join(tmpdir(), 'citefinder-audit-'));
    for (const name of readdirSync(fixturePath('audit'))) cpSync(fixturePath('audit', name), join(dir, name));
    settings = resolveSettings({ ...standIn.settings, 'http.retries': 0, 'sources.arxiv.intervalMs': 0, 'cache.enabled': false, 'grobid.enabled': false });
    deps = { settings, http: createHttpClient(settings, { cacheDir: '', pacing: new PacingRegistry(), backoffMs: 1 }), llm: null };
  });
  afterEach(async () => {
    await standIn.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('ends once what it fetched is on disk, when done and when cancelled', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'citefinder-audit-cache-'));
    try {
      const cached = resolveSettings({ ...settings, 'cache.enabled': true, 'cache.dir': cacheDir });
      const http = createHttpClient(cached, { cacheDir, pacing: new PacingRegistry(), backoffMs: 1 });
      let settled = 0;
      const spied = { ...http, storesSettled: async () => void (await http.storesSettled(), settled++) };
      const controller = new AbortController();
      const cancelled = auditProject(diskInput(join(dir, 'intro.tex')), { ...deps, settings: cached, http: spied, signal: controller.signal },
        (event) => event.type === 'finding' && controller.abort());
      await cancelled.catch(() => undefined);
      assert.equal(settled, 1, 'the cancelled audit waited for its writes');
      await auditProject(diskInput(join(dir, 'intro.tex')), { ...deps, settings: cached, http: spied });
      assert.equal(settled, 2, 'the finished audit waited for its writes');
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  it('gives each citation of the project its status, with the best passage, and reports the broken entry', async () => {
    const report = await auditProject(diskInput(join(dir, 'intro.tex')), deps);
    const rows = report.findings.map((f) => [f.site.file.replace(dir + '/', ''), f.site.key, f.status, f.score?.toFixed(2)]);
    assert.deepEqual(rows, [
      ['main.tex', 'tosatto2015', 'supported', '0.94'],
      ['main.tex', 'perlmutter1999', 'unsupported', '0.13'],
      ['main.tex', 'nosuchkey', 'missing', undefined],
      ['main.tex', 'ghost2020', 'unresolved', undefined],
      ['intro.tex', 'perlmutter1999', 'supported', '0.87'],
      // Light-curve widths are in the supernova paper's abstract: right on the audit's scale for a
      // physics work (audit/calibration.ts).
      ['intro.tex', 'perlmutter1999', 'supported', '0.68'],
      ['intro.tex', 'tosatto2015', 'unsupported', '0.13'],
    ]);
    const supported = report.findings.find((f) => f.site.key === 'perlmutter1999' && f.status === 'supported')!;
    assert.match(supported.best!.text, /cosmological constant is non-zero and positive/);
    assert.equal(supported.work?.arxivId, 'astro-ph/9812133');
    assert.equal(supported.fulltext, 'abstract');
    assert.deepEqual(report.summary, { supported: 3, weak: 0, unsupported: 2, unresolved: 1, missing: 1, unavailable: 0, unscored: 0 });
    assert.match(report.findings[3]!.message, /no identifier and no published work matches/);
    assert.ok(report.warnings.some((w) => /refs\.bib:12: entry "broken2001" cannot be read/.test(w)), report.warnings.join('\n'));
    assert.equal(standIn.requests.filter((r) => r.service === 'arxiv').length, 1, 'one arXiv request for every citation of the paper');
  });

  it('says which service was unavailable, and checks only the current file when asked', async () => {
    const dead = resolveSettings({ ...settings, 'sources.crossref.url': 'http://127.0.0.1:9' });
    const report = await auditProject(diskInput(join(dir, 'main.tex'), 'file'), { ...deps, settings: dead, http: createHttpClient(dead, { cacheDir: '', pacing: new PacingRegistry(), backoffMs: 1 }) });
    assert.ok(report.findings.every((f) => f.site.file.endsWith('main.tex')));
    const tosatto = report.findings.find((f) => f.site.key === 'tosatto2015')!;
    assert.equal(tosatto.status, 'unavailable');
    assert.match(tosatto.message, /did not answer/);
    assert.ok(tosatto.service);
  });

  it('reads a chapter\'s citing sentence without an equation written through the root\'s own macros', async () => {
    const main = join(dir, 'main.tex');
    writeFileSync(main, (await readFile(main, 'utf8')).replace('\\begin{document}', '\\newcommand{\\be}{\\begin{equation}}\n\\newcommand{\\ee}{\\end{equation}}\n\\begin{document}'));
    const intro = join(dir, 'intro.tex');
    writeFileSync(intro, (await readFile(intro, 'utf8')).replace('is non-zero and positive', 'is non-zero and positive,\n\\be \\Lambda > 0 \\ee\nat high significance'));
    const dead = resolveSettings({ ...settings, 'sources.crossref.url': 'http://127.0.0.1:9', 'sources.arxiv.url': 'http://127.0.0.1:9' });
    const report = await auditProject(diskInput(intro, 'file'), { ...deps, settings: dead, http: createHttpClient(dead, { cacheDir: '', pacing: new PacingRegistry(), backoffMs: 1 }) });
    const sentence = report.findings.find((f) => f.site.file.endsWith('intro.tex') && f.site.range.start.line === 3)?.site.sentence;
    assert.equal(sentence, 'The analysis of 42 Type Ia supernovae shows that the cosmological constant is non-zero and positive, at high significance.');
  });

  it('re-checks only the sentence that changed, from the cache', async () => {
    const cache = new AuditCache();
    await auditProject(diskInput(join(dir, 'main.tex')), { ...deps, cache });
    const before = standIn.requests.length;
    const again = await auditProject(diskInput(join(dir, 'main.tex')), { ...deps, cache: AuditCache.fromJSON(JSON.parse(JSON.stringify(cache))) });
    assert.equal(standIn.requests.length, before, 'nothing asked again');
    assert.ok(again.findings.filter((f) => f.status !== 'unavailable').every((f) => f.cached));
    const intro = join(dir, 'intro.tex');
    const text = await readFile(intro, 'utf8');
    writeFileSync(intro, text.replace('nearby supernovae', 'nearby Type Ia supernovae'));
    const edited = await auditProject(diskInput(join(dir, 'main.tex')), { ...deps, cache });
    const fresh = edited.findings.filter((f) => !f.cached).map((f) => f.site.key);
    assert.deepEqual(fresh, ['perlmutter1999', 'tosatto2015'], 'only the two keys of the edited sentence');
  });

  it('resolves a \\cite of a thebibliography key as it does a .bib key', async () => {
    writeFileSync(
      join(dir, 'handwritten.tex'),
      String.raw`\documentclass{article}
\begin{document}
Oligomers of alpha-synuclein formed by the A53T and A30P mutants differ in FRET efficiency from wild-type oligomers \cite{tosatto}.
Our framework is new \cite{nokey}.
\begin{thebibliography}{1}
\bibitem{tosatto} L.~Tosatto and M.~H. Horrocks. Single-molecule {FRET} studies on alpha-synuclein oligomerization of Parkinson's disease genetically related mutants. \emph{Scientific Reports}, 5:16696, 2015. \doi{10.1038/srep16696}.
\end{thebibliography}
\end{document}
`,
    );
    const report = await auditProject(diskInput(join(dir, 'handwritten.tex')), deps);
    assert.deepEqual(report.findings.map((f) => [f.site.key, f.status]), [['tosatto', 'supported'], ['nokey', 'missing']]);
    assert.match(report.findings[1]!.message, /is in no \.bib file and no thebibliography/);
    assert.ok(!report.warnings.some((w) => /names no \.bib file/.test(w)), report.warnings.join('\n'));
  });

  it("checks a citation whose entry has no identifier and that Crossref's search does not find, by Semantic Scholar's abstract", async () => {
    // A SIGMOD 1993 paper cited by title alone (no DOI field): S2's recorded title match holds it.
    writeFileSync(
      join(dir, 'mining.tex'),
      String.raw`\documentclass{article}
\begin{document}
Association rules between items can be mined from a large database of customer transactions \cite{agrawal1993}.
\bibliography{mining}
\end{document}
`,
    );
    writeFileSync(
      join(dir, 'mining.bib'),
      '@inproceedings{agrawal1993,\n  title = {Mining association rules between sets of items in large databases},\n  author = {Agrawal, Rakesh and Imieli{\\\'n}ski, Tomasz and Swami, Arun},\n  booktitle = {SIGMOD Conference},\n  year = {1993}\n}\n',
    );
    const s2 = resolveSettings({ ...settings, 'sources.semanticscholar.intervalMs': 0 });
    const report = await auditProject(diskInput(join(dir, 'mining.tex')), { ...deps, settings: s2 });
    const [finding] = report.findings;
    assert.equal(finding?.status, 'supported', finding?.message);
    assert.match(finding!.best!.text, /large database of customer transactions/);
    assert.equal(finding?.fulltext, 'abstract');
  });

  it('says RETRACTED on every citation of a retracted work', async () => {
    writeFileSync(join(dir, 'retracted.tex'), '\\documentclass{article}\n\\begin{document}\nVaccines cause colitis \\cite{wakefield1998}. Again \\cite{wakefield1998}.\n\\bibliography{old}\n\\end{document}\n');
    writeFileSync(join(dir, 'old.bib'), '@article{wakefield1998, title = {Ileal-lymphoid-nodular hyperplasia}, doi = {10.1016/S0140-6736(97)11096-0}, year = 1998}\n');
    const report = await auditProject(diskInput(join(dir, 'retracted.tex')), deps);
    assert.equal(report.findings.length, 2);
    for (const f of report.findings) {
      assert.equal(f.trust?.status, 'retracted');
      assert.match(f.message, /^RETRACTED \(2010-02-06, retraction-watch\): this work was retracted\./);
      // Said once: the title quoted after it is the work's, without the publisher's "RETRACTED:" before it.
      assert.equal(f.message.match(/retracted/gi)?.length, 2, f.message);
    }
  });

  it('leaves out a citation with no sentence of its own (a list item, a todo note, "See …"), unless its key is missing', async () => {
    const bare = ['\\begin{itemize}', '\\item \\citet{perlmutter1999}', '\\end{itemize}', '\\todo{check \\cite{perlmutter1999}}', 'See also \\cite{perlmutter1999}.', '\\item \\cite{nosuchkey}'];
    const text = ['\\documentclass{article}', '\\begin{document}', 'The expansion of the universe is accelerating \\cite{perlmutter1999}.', ...bare, '\\bibliography{refs}', '\\end{document}', ''];
    writeFileSync(join(dir, 'lists.tex'), text.join('\n'));
    const report = await auditProject(diskInput(join(dir, 'lists.tex')), deps);
    assert.deepEqual(report.findings.map((f) => [f.site.range.start.line + 1, f.site.key, f.status]), [[3, 'perlmutter1999', 'supported'], [9, 'nosuchkey', 'missing']]);
    const warning = report.warnings.find((w) => /no sentence of their own/.test(w));
    assert.equal(warning, '3 citations stand with no sentence of their own (lists.tex:5, lists.tex:7, lists.tex:8): ' +
        'nothing to check them against, so they are not scored; a retracted or withdrawn work among them is still reported.');
  });

  it('says one citation with no sentence of its own in the singular', async () => {
    const text = ['\\documentclass{article}', '\\begin{document}', 'The expansion of the universe is accelerating \\cite{perlmutter1999}.',
      '\\begin{itemize}', '\\item \\citet{perlmutter1999}', '\\end{itemize}', '\\bibliography{refs}', '\\end{document}', ''];
    writeFileSync(join(dir, 'item.tex'), text.join('\n'));
    const report = await auditProject(diskInput(join(dir, 'item.tex')), deps);
    assert.deepEqual(report.findings.map((f) => [f.site.range.start.line + 1, f.status]), [[3, 'supported']]);
    assert.deepEqual(report.warnings.filter((w) => /no sentence of its own/.test(w)), ['1 citation stands with no sentence of its own (item.tex:5): ' +
        'nothing to check it against, so it is not scored; if its work is retracted or withdrawn, that is still reported.']);
  });

  it('says RETRACTED on a retracted work cited with no words of its own, in the document\'s order, without scoring it', async () => {
    const text = [
      '\\documentclass{article}',
      '\\begin{document}',
      '\\begin{itemize}',
      '\\item \\cite{wakefield1998}',
      '\\end{itemize}',
      '',
      'The expansion of the universe is accelerating \\cite{perlmutter1999}.',
      'See also \\cite{wakefield1998}. See \\cite{perlmutter1999}.',
      '\\bibliography{refs,old}',
      '\\end{document}',
      '',
    ];
    writeFileSync(join(dir, 'bare.tex'), text.join('\n'));
    writeFileSync(join(dir, 'old.bib'), '@article{wakefield1998, title = {Ileal-lymphoid-nodular hyperplasia}, doi = {10.1016/S0140-6736(97)11096-0}, year = 1998}\n');
    const report = await auditProject(diskInput(join(dir, 'bare.tex')), deps);
    const rows = report.findings.map((f) => [f.site.range.start.line + 1, f.site.key, f.status, f.trust?.status]);
    assert.deepEqual(rows, [[4, 'wakefield1998', 'unscored', 'retracted'], [7, 'perlmutter1999', 'supported', 'ok'], [8, 'wakefield1998', 'unscored', 'retracted']]);
    const retracted = report.findings.filter((f) => f.status === 'unscored');
    for (const f of retracted) {
      assert.match(f.message, /^RETRACTED \(2010-02-06, retraction-watch\): this work was retracted\. Not scored: the citation has no words of its own/);
      assert.equal(f.score, undefined);
      assert.match(f.work!.title, /Ileal-lymphoid-nodular hyperplasia/);
    }
    assert.equal(report.summary.unscored, 2);
  });

  it('reports an \\input loop once and still audits', async () => {
    writeFileSync(join(dir, 'intro.tex'), '\\input{main}\nLoops \\citep{perlmutter1999}.\n');
    const report = await auditProject(diskInput(join(dir, 'main.tex')), deps);
    assert.ok(report.warnings.some((w) => /loop \(main\.tex → intro\.tex → main\.tex\)/.test(w)), report.warnings.join('\n'));
    assert.ok(report.findings.length > 0);
  });
});
