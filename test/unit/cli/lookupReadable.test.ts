// `citefinder lookup 10.1086/307221` (readable form) on Crossref's real answer: the venue as a
// venue, the title with its maths as text, and a note that the mangled maths was repaired; and a
// work whose BibTeX no authority has (the Lancet's retracted Wakefield paper, which the stand-in's
// doi.org and Crossref answer 404) says why in words, with no URL or status line; a PubMed erratum
// notice looked up by its PMID says it is no work to cite; a preprint named by its id whose BibTeX is
// its journal version's says so.
import assert from 'node:assert/strict';
import { runCli, startCliStandIn, stopCliStandIn, type CliStandIn } from '../../helpers/cliRun';

describe('CLI lookup, readable form', function () {
  this.timeout(60_000); // a CLI process per case: slow, not racy, on a loaded machine
  let cli: CliStandIn;
  beforeEach(async () => (cli = await startCliStandIn('citefinder-lookup-readable-')));
  afterEach(() => stopCliStandIn(cli));

  it('shows the venue, the title as text and the repair note before the entry', async () => {
    const run = await runCli(['lookup', '10.1086/307221'], cli.env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^Measurements of Ω and Λ from 42 High-Redshift Supernovae \(1999\)/);
    assert.match(run.stdout, /doi:10\.1086\/307221 · The Astrophysical Journal 517, 565–586 \(1999\)/);
    assert.match(run.stdout, /\nNote: .*'s BibTeX: title had maths mangled into "\\\{upOmega\}", "\\\{upLambda\}" \(repaired in that field/);
    assert.match(run.stdout, /\n\s+title = \{Measurements of \$\\Omega\$ and \$\\Lambda\$ from 42 High-Redshift Supernovae\},/);
  });

  it('says in words why a work has no BibTeX, and keeps the detail for --json', async () => {
    const run = await runCli(['lookup', '10.1016/s0140-6736(97)11096-0'], cli.env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^RETRACTED: Ileal-lymphoid-nodular hyperplasia/);
    assert.match(run.stdout, /\(no BibTeX: Crossref and doi\.org do not know this DOI\)/);
    assert.doesNotMatch(run.stdout + run.stderr, /HTTP 404|127\.0\.0\.1/);
    const json = await runCli(['lookup', '10.1016/s0140-6736(97)11096-0', '--json'], cli.env);
    assert.match(JSON.parse(json.stdout).bibtexError, /HTTP 404/);
  });

  it('takes a bare PMID, and says a record names no authors rather than printing a blank line', async () => {
    // Europe PMC's record of a Lancet erratum ("Department of Error") carries no author.
    const run = await runCli(['lookup', '39709208'], cli.env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^Department of Error \(2025\)\n {2}\(no authors named\)\n {2}doi:10\.1016\/s0140-6736\(24\)02716-8, PMID:39709208/);
  });

  it('flags a PubMed notice about another article, looked up by its PMID, as no work to cite', async () => {
    // PubMed types the Lancet's "Department of Error" and Springer's "Correction: …" as Published Erratum.
    for (const pmid of ['39709208', '40377773']) {
      const run = await runCli(['lookup', pmid, '--json'], cli.env);
      assert.equal(run.code, 0, run.stderr);
      const trust = (JSON.parse(run.stdout) as { work: { trust: { status: string; reason: string } } }).work.trust;
      assert.equal(trust.status, 'corrected', `PMID ${pmid}: ${JSON.stringify(trust)}`);
      assert.match(trust.reason, /"Published Erratum": a notice about another work, not a work to cite/);
    }
    const readable = await runCli(['lookup', '39709208'], cli.env);
    assert.match(readable.stdout, /\n {2}! CORRECTED — Europe PMC types it "Published Erratum"/);
  });

  it('says when the BibTeX of a preprint named by its id describes its published version', async () => {
    const cases = [
      { id: '10.1101/2024.04.01.587366', note: 'this BibTeX describes the published version (Cell Genomics, doi:10.1016/j.xgen.2025.100814), not the preprint doi:10.1101/2024.04.01.587366.' },
      { id: 'astro-ph/9812133', note: 'this BibTeX describes the published version (The Astrophysical Journal, doi:10.1086/307221), not the preprint arXiv:astro-ph/9812133.' },
    ];
    for (const { id, note } of cases) {
      const run = await runCli(['lookup', id], cli.env);
      assert.equal(run.code, 0, run.stderr);
      assert.ok(run.stdout.includes(`\nNote: ${note}\n@article{`), run.stdout);
      const json = await runCli(['lookup', id, '--json'], cli.env);
      assert.equal((JSON.parse(json.stdout) as { work: { bibtexOf: string } }).work.bibtexOf, 'published');
      assert.ok(json.stderr.includes(`citefinder: ${note}`), json.stderr);
    }
    // The journal article named by its own DOI needs no such note.
    const journal = await runCli(['lookup', '10.1016/j.xgen.2025.100814'], cli.env);
    assert.doesNotMatch(journal.stdout, /describes the published version/);
  });
});
