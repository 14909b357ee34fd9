// The audit reads a DOI-only entry (what citefinder inserts from doi.org) through its arXiv
// version when the DOI gives neither PDF nor abstract: the fresh insert of the offline demo
// (Perlmutter et al., doi:10.1086/307221, whose doi.org BibTeX has no abstract) audited as
// "unavailable" before.
import assert from 'node:assert/strict';
import { access, readFile } from 'node:fs/promises';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixturePath } from '../../../standin/server';
import { useAuditStandIn } from '../../../helpers/auditInput';
import { AuditCache, auditProject } from '../../../../src/core/audit';
import { arxivVersionQuery } from '../../../../src/core/audit/arxivVersion';
import { ArxivVersionBatch } from '../../../../src/core/audit/arxivVersionBatch';
import type { PaperRecord } from '../../../../src/core/types';

/** As recordFromBibtex reads the recorded doi.org BibTeX: Crossref's mangled maths dropped, no abstract. */
const PERLMUTTER_JOURNAL: PaperRecord = {
  id: 'doi:10.1086/307221',
  source: 'crossref',
  title: 'Measurements of and from 42 High-Redshift Supernovae',
  authors: ['S. Perlmutter', 'G. Aldering'],
  year: 1999,
  doi: '10.1086/307221',
};

describe('audit: a journal article read through its arXiv version', function () {
  this.timeout(30_000);
  const env = useAuditStandIn('citefinder-arxiv-version-');

  it('asks arXiv by title words and first author, never with maths or stop words', () => {
    assert.equal(arxivVersionQuery(PERLMUTTER_JOURNAL), 'ti:Measurements AND ti:"High Redshift" AND ti:Supernovae AND au:perlmutter');
    assert.equal(arxivVersionQuery({ title: 'On it', authors: ['A. B'] }), undefined, 'too few title words to ask by');
    assert.equal(arxivVersionQuery({ title: 'A long enough title', authors: [] }), undefined, 'no author to ask by');
  });

  it('takes only the arXiv entry that names the same DOI', async () => {
    const found = await new ArxivVersionBatch(env.deps).find(PERLMUTTER_JOURNAL);
    assert.equal(found?.arxivId, 'astro-ph/9812133');
    const other = { ...PERLMUTTER_JOURNAL, doi: '10.1086/999999', id: 'doi:10.1086/999999' };
    assert.equal(await new ArxivVersionBatch(env.deps).find(other), undefined, 'same title, other DOI: not this work');
    assert.ok(env.standIn.requests.some((r) => r.service === 'arxiv' && /search_query=ti%3AMeasurements/.test(r.url)));
  });

  const audit = (file: string, cache?: AuditCache) =>
    auditProject({
      file,
      scope: 'file',
      files: { read: (f) => readFile(f, 'utf8').catch(() => undefined), list: async () => [file] },
      exists: (f) => access(f).then(() => true, () => false),
    }, cache ? { ...env.deps, cache } : env.deps);
  const arxivSearches = () => env.standIn.requests.filter((r) => r.service === 'arxiv' && r.url.includes('search_query='));

  const WAKEFIELD = '@article{wakefield,\n  title = {Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive developmental disorder in children},\n'
    + '  doi = {10.1016/S0140-6736(97)11096-0}\n}\n';
  const WAKEFIELD_SENTENCE = 'A bowel disease was linked to a developmental disorder~\\cite{wakefield}.\n';

  it('asks arXiv once for all the DOI-only entries of an audit, each taking only its own version', async () => {
    // Perlmutter et al. from doi.org (no abstract; arXiv holds its version) and the Lancet paper
    // (Crossref has no abstract of it; arXiv holds no version).
    const perlmutter = await readFile(fixturePath('bibtex', 'doi-cn-2019_10.1086_307221_apj-supernovae-math-quirk.bib'), 'utf8');
    writeFileSync(join(env.dir, 'references.bib'), `${perlmutter.replace(/@article\{[^,]*,/i, '@article{perlmutter,')}\n${WAKEFIELD}`);
    writeFileSync(join(env.dir, 'main.tex'), '\\documentclass{article}\n\\begin{document}\nDistant supernovae show that the expansion of the universe accelerates~\\cite{perlmutter}.\n'
      + `${WAKEFIELD_SENTENCE}\\bibliography{references}\n\\end{document}\n`);
    const report = await audit(join(env.dir, 'main.tex'));
    const messages = report.findings.map((f) => f.message).join('\n');
    assert.match(report.findings[0]!.message, /from its arXiv version arXiv:astro-ph\/9812133/, messages);
    assert.equal(report.findings[1]!.status, 'unavailable', messages);
    assert.equal(arxivSearches().length, 1, arxivSearches().map((r) => r.url).join('\n'));
    assert.match(decodeURIComponent(arxivSearches()[0]!.url.replace(/\+/g, ' ')), /\(ti:.+au:perlmutter\) OR \(ti:.+au:wakefield\)|\(ti:.+au:wakefield\) OR \(ti:.+au:perlmutter\)/i);
  });

  it('remembers for the hour that arXiv holds no version of a work, so a re-run asks nothing', async () => {
    // The Lancet paper: Crossref has no abstract of it and arXiv no version.
    writeFileSync(join(env.dir, 'references.bib'), WAKEFIELD);
    writeFileSync(join(env.dir, 'main.tex'), `\\documentclass{article}\n\\begin{document}\n${WAKEFIELD_SENTENCE}\\bibliography{references}\n\\end{document}\n`);
    const cache = new AuditCache();
    const first = await audit(join(env.dir, 'main.tex'), cache);
    assert.equal(first.findings[0]!.status, 'unavailable', first.findings[0]!.message);
    assert.equal(arxivSearches().length, 1);
    const again = await audit(join(env.dir, 'main.tex'), AuditCache.fromJSON(JSON.parse(JSON.stringify(cache))));
    assert.equal(again.findings[0]!.status, 'unavailable');
    assert.equal(arxivSearches().length, 1, 'no second search within the hour');
    const saved = AuditCache.fromJSON(JSON.parse(JSON.stringify(cache)));
    const workId = `doi:${first.findings[0]!.work!.doi!}`;
    assert.equal(saved.arxivVersion(workId), null, 'known to have none');
    assert.equal(saved.arxivVersion(workId, Date.now() + 3_600_001), undefined, 'forgotten after the hour');
  });

  it('audits a DOI-only entry from its arXiv version\'s abstract and says so', async () => {
    const bib = await readFile(fixturePath('bibtex', 'doi-cn-2019_10.1086_307221_apj-supernovae-math-quirk.bib'), 'utf8');
    // The recorded doi.org answer, as an insert puts it in the .bib (the key is citefinder's).
    const entry = bib.replace(/@article\{[^,]*,/i, '@article{perlmutter1999measurements,');
    assert.match(entry, /10\.1086\/307221/);
    writeFileSync(join(env.dir, 'references.bib'), entry);
    writeFileSync(join(env.dir, 'main.tex'), '\\documentclass{article}\n\\begin{document}\nObservations of distant Type Ia supernovae indicate that the expansion of the universe is accelerating~\\cite{perlmutter1999measurements}.\n\\bibliography{references}\n\\end{document}\n');
    const file = join(env.dir, 'main.tex');
    const report = await auditProject({
      file,
      scope: 'file',
      files: { read: (f) => readFile(f, 'utf8').catch(() => undefined), list: async () => [file] },
      exists: (f) => access(f).then(() => true, () => false),
    }, env.deps);
    const finding = report.findings[0]!;
    assert.equal(finding.status, 'supported', finding.message);
    assert.match(finding.message, /from its arXiv version arXiv:astro-ph\/9812133/);
  });
});
