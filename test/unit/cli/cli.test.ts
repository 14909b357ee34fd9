// The CLI end to end: the real dist/cli.js in a child process against the stand-in services.
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { startStandIn, standInEnv, type StandIn } from '../../standin';
import { fixturePath } from '../../standin/server';
import type { FindResult } from '../../../src/core/types';
import { runCli } from '../../helpers/cliRun';
import { chatRequests, installOpenAi } from '../../standin/openai';

const CLAIM =
  'Observations of distant Type Ia supernovae indicate that the expansion of the universe is accelerating.';


describe('CLI find against the stand-in services', function () {
  this.timeout(60_000); // a CLI process per case: slow, not racy, on a loaded machine
  let standIn: StandIn;
  let cacheDir: string;
  let env: Record<string, string>;

  beforeEach(async () => {
    standIn = await startStandIn();
    cacheDir = mkdtempSync(join(tmpdir(), 'citefinder-cli-'));
    env = {
      ...standInEnv(standIn),
      CITEFINDER_CACHE_DIR: cacheDir,
      CITEFINDER_SOURCES_ARXIV_INTERVALMS: '0',
      CITEFINDER_GROBID_ENABLED: 'false',
    };
  });
  afterEach(async () => {
    await standIn.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('finds the supernova paper with its authority BibTeX, and keeps the manuscript local', async () => {
    const run = await runCli(['find', '--claim', CLAIM, '--context-file', fixturePath('latex', 'cosmology.tex'), '--json'], env);
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout) as FindResult;
    assert.equal(result.routing.primary, 'arxiv');
    assert.equal(result.routing.by, 'heuristic');
    assert.ok(result.queries.length > 0);
    const perlmutter = result.candidates.find((c) => c.doi === '10.1086/307221' || c.arxivId === 'astro-ph/9812133');
    assert.ok(perlmutter, `Perlmutter 1999 among ${result.candidates.map((c) => c.title).join(' | ')}`);
    assert.ok(perlmutter.bibtex && perlmutter.citeKey, 'has BibTeX and a key');
    assert.match(perlmutter.citeKey, /^perlmutter1999[a-z]+$/);

    const searchRequests = standIn.requests.filter((r) => r.service === 'arxiv' || r.service === 'europepmc');
    assert.ok(searchRequests.length > 0);
    const sent = searchRequests.map((r) => decodeURIComponent(r.url.replace(/\+/g, ' ')).toLowerCase()).join('\n');
    for (const secret of ['quillwort', 'baryon acoustic', 'luminosity distances', 'reshaped cosmology', CLAIM.toLowerCase()]) {
      assert.ok(!sent.includes(secret), `a search request leaked "${secret}"`);
    }
  });

  it('with an LLM configured, loads the openai package on first use and routes by the model', async () => {
    // The CLI bundle leaves the package out and requires it from node_modules only when a model is set.
    installOpenAi(standIn, { reply: () => '{"discipline": "physics", "primary": "arxiv", "secondary": "biorxiv", "reason": "Cosmology claim."}' });
    const run = await runCli(['find', '--claim', CLAIM, '--json'], { ...env, CITEFINDER_LLM_MODEL: 'gpt-4o-mini' });
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout) as FindResult;
    assert.deepEqual([result.routing.by, result.routing.reason], ['llm', 'Cosmology claim.']);
    assert.ok(chatRequests(standIn).length >= 1);
  });

  it('reads a chapter given as --context-file with its root: the LLM is told the root\'s title', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'citefinder-cli-chapter-'));
    try {
      writeFileSync(join(dir, 'main.tex'), readFileSync(fixturePath('latex', 'cosmology.tex'), 'utf8').replace('\\begin{document}', '\\begin{document}\n\\input{intro}'));
      writeFileSync(join(dir, 'intro.tex'), `${CLAIM}\n`);
      installOpenAi(standIn, { reply: () => '{"discipline": "physics", "primary": "arxiv", "secondary": "biorxiv", "reason": "Cosmology claim."}' });
      const run = await runCli(['find', '--claim', CLAIM, '--context-file', join(dir, 'intro.tex'), '--json'], { ...env, CITEFINDER_LLM_MODEL: 'gpt-4o-mini' });
      assert.equal(run.code, 0, run.stderr);
      const prompts = chatRequests(standIn).map((r) => JSON.stringify(r.messages ?? []));
      assert.ok(prompts.some((p) => p.includes('Manuscript title: Dark energy constraints from a joint analysis of standard candles')), prompts.join('\n').slice(0, 400));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers a repeat from its kept result without any request, with the light entry alone, printing what the whole CLI printed', async () => {
    // Which bundles each process loaded: a preload script writes require's cache when it exits.
    const probeDir = mkdtempSync(join(tmpdir(), 'citefinder-probe-'));
    const probe = join(probeDir, 'probe.cjs');
    writeFileSync(probe, "process.on('exit', () => require('node:fs').writeFileSync(process.env.CITEFINDER_TEST_LOADED, " +
      "Object.keys(require.cache).join('\\n')));");
    const loadedBy = async (args: string[], name: string) => {
      const out = join(probeDir, name);
      const run = await runCli(args, { ...env, NODE_OPTIONS: `--require ${probe}`, CITEFINDER_TEST_LOADED: out });
      assert.equal(run.code, 0, run.stderr);
      const bundles = readFileSync(out, 'utf8').split('\n').filter((f) => /[\\/]dist[\\/]cli[\\/]/.test(f)).map((f) => basename(f));
      return { run, bundles };
    };
    try {
      const first = await loadedBy(['find', '--claim', CLAIM, '--json'], 'first');
      assert.ok(first.bundles.includes('main.js'), first.bundles.join());
      const before = standIn.requests.length;
      assert.ok(before > 0);
      const repeat = await loadedBy(['find', '--claim', CLAIM, '--json'], 'repeat');
      assert.deepEqual(repeat.bundles, ['kept.js']);
      assert.equal(standIn.requests.length, before, 'no request on the repeat');
      const withoutTimings = (stdout: string) => ({ ...(JSON.parse(stdout) as FindResult), timings: undefined });
      assert.deepEqual(withoutTimings(repeat.run.stdout), withoutTimings(first.run.stdout));
      // Readable output from the light entry: the list on stdout, the progress on stderr.
      const readable = await loadedBy(['find', '--claim', CLAIM], 'readable');
      assert.deepEqual(readable.bundles, ['kept.js']);
      assert.match(readable.run.stdout, /^1\. .*\n/);
      assert.match(readable.run.stderr, /No LLM configured/);
      // Another year range is another key: a miss, and the whole CLI runs the search.
      const other = await loadedBy(['find', '--claim', CLAIM, '--years', '1990..2005', '--json'], 'other');
      assert.ok(other.bundles.includes('main.js'), other.bundles.join());
      assert.ok(standIn.requests.length > before);
    } finally {
      rmSync(probeDir, { recursive: true, force: true });
    }
  });

  it('keeps arXiv\'s 3 s between two CLI runs back to back: one timetable for every process', async () => {
    standIn.enforceSpacing('arxiv', 3000); // answers 429, as arXiv does, to a request sooner than that
    const home = mkdtempSync(join(tmpdir(), 'citefinder-cli-home-'));
    try {
      for (const run of [1, 2]) {
        const runEnv = { ...env, XDG_CACHE_HOME: home, CITEFINDER_SOURCES_ARXIV_INTERVALMS: '3000', CITEFINDER_CACHE_DIR: join(home, `cache-${run}`) };
        const result = await runCli(['find', '--claim', CLAIM, '--json'], runEnv);
        assert.equal(result.code, 0, result.stderr);
        assert.ok((JSON.parse(result.stdout) as FindResult).candidates.length > 0);
      }
      const arxiv = standIn.requests.filter((r) => r.service === 'arxiv');
      assert.equal(arxiv.length, 2, 'one ranked request per run');
      assert.ok(arxiv[1]!.at - arxiv[0]!.at >= 3000, `${arxiv[1]!.at - arxiv[0]!.at} ms apart`);
      assert.deepEqual(arxiv.map((r) => r.status), [200, 200]);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('prints a readable list on stdout and progress on stderr without --json', async () => {
    const run = await runCli(['find', '--claim', CLAIM], env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^1\. /m);
    assert.match(run.stdout, /\\cite\{perlmutter1999/);
    assert.match(run.stderr, /queries:/);
  });
});

describe('CLI bad input', function () {
  this.timeout(60_000); // a CLI process per case: slow, not racy, on a loaded machine
  const env = { CITEFINDER_SOURCES_ARXIV_URL: 'http://127.0.0.1:9/never', CITEFINDER_CACHE_ENABLED: 'false' };

  it('rejects an empty claim', async () => {
    const run = await runCli(['find', '--claim', '   '], env);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /claim is empty/i);
  });

  it('rejects a missing context file with its name', async () => {
    const run = await runCli(['find', '--claim', CLAIM, '--context-file', '/nonexistent/paper.tex'], env);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /paper\.tex.*no such file/);
  });

  it('rejects a 5,000-word claim', async () => {
    const run = await runCli(['find', '--claim', Array(5000).fill('word').join(' ')], env);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /words/i);
  });

  it('rejects a config that is not valid JSON', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'citefinder-cfg-'));
    const config = join(dir, 'config.json');
    writeFileSync(config, '{ "maxResults": 5, }');
    const run = await runCli(['find', '--claim', CLAIM, '--config', config], env);
    rmSync(dir, { recursive: true, force: true });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /not valid JSON/);
  });

  it('rejects an unknown option with the usage', async () => {
    const run = await runCli(['find', '--claim', CLAIM, '--colour'], env);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /Usage:/);
  });

});

describe('CLI score', function () {
  this.timeout(60_000); // a CLI process per case: slow, not racy, on a loaded machine
  const env = { CITEFINDER_GROBID_ENABLED: 'false', CITEFINDER_CACHE_ENABLED: 'false' };
  const claim = 'In an online A/B test, a recommender built on SPECTER embeddings raised click-through rate by 46.5% over a production system that ranks papers by textual similarity.';

  interface ScoreOutput {
    claim: string;
    fulltext: string;
    paragraphs: { text: string; section: string; score: number; reason: string }[];
  }

  function assertBestFirst(output: ScoreOutput): void {
    assert.ok(output.paragraphs.length > 0 && output.paragraphs.length <= 3);
    const scores = output.paragraphs.map((p) => p.score);
    assert.deepEqual(scores, [...scores].sort((a, b) => b - a), 'best first');
    assert.match(output.paragraphs[0]!.text, /46\.5%/, 'the paragraph reporting the A/B test leads');
  }

  it('scores a GROBID TEI file paragraph by paragraph', async () => {
    const run = await runCli(['score', '--claim', claim, '--tei', fixturePath('grobid-tei', 'acl2020-specter-cs_grobid-0.6.1.tei.xml'), '--json'], env);
    assert.equal(run.code, 0, run.stderr);
    const output = JSON.parse(run.stdout) as ScoreOutput;
    assert.equal(output.fulltext, 'grobid');
    assertBestFirst(output);
  });

  it('says the order its passages come in, as their numbers need not fall down the list', async () => {
    // On SPECTER's TEI this claim's three passages come as 0.99, 0.98, 0.99: the order is the ranking's.
    const described = 'Citation-informed transformers produce document-level embeddings for scientific papers.';
    const run = await runCli(['score', '--claim', described, '--tei', fixturePath('grobid-tei', 'acl2020-specter-cs_grobid-0.6.1.tei.xml')], env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^Full text from grobid\.\n\(passages likeliest to hold the claim first; each number is that passage's support\)\n1\. \[/);
  });

  it('scores a PDF in-process with pdfjs when no GROBID runs', async () => {
    const run = await runCli(['score', '--claim', claim, '--pdf', fixturePath('pdf', 'acl2020-specter-cs.pdf'), '--json'], env);
    assert.equal(run.code, 0, run.stderr);
    const output = JSON.parse(run.stdout) as ScoreOutput;
    assert.equal(output.fulltext, 'pdfjs');
    assertBestFirst(output);
  });

  it('scores a bioRxiv/medRxiv JATS file from its sections', async () => {
    const rvf = 'Antibodies against Rift Valley fever virus were found in sheep and goats in Mozambique between epidemics.';
    const run = await runCli(['score', '--claim', rvf, '--jats', fixturePath('jats', 'pntd.0002065.xml'), '--json'], env);
    assert.equal(run.code, 0, run.stderr);
    const output = JSON.parse(run.stdout) as ScoreOutput;
    assert.equal(output.fulltext, 'jats');
    assert.equal(output.paragraphs.length, 3);
    // The JATS's own sections: the Introduction's paragraph on RVF in Mozambique leads.
    assert.equal(output.paragraphs[0]!.section, 'Introduction');
    assert.match(output.paragraphs[0]!.text, /^Despite the occurrence of several epidemics of RVF/);
  });

  it('rejects a corrupt PDF with the reason, and a missing input file', async () => {
    const corrupt = await runCli(['score', '--claim', claim, '--pdf', fixturePath('pdf', 'bad', 'corrupt-truncated-naacl2018.pdf')], env);
    assert.equal(corrupt.code, 2);
    assert.match(corrupt.stderr, /corrupt|damaged|invalid/i);
    const missing = await runCli(['score', '--claim', claim, '--tei', '/nonexistent/paper.tei.xml'], env);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /paper\.tei\.xml.*no such file/);
    const both = await runCli(['score', '--claim', claim], env);
    assert.equal(both.code, 2);
    assert.match(both.stderr, /exactly one of --pdf FILE, --tei FILE or --jats FILE/);
  });
});
