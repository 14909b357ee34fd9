// `citefinder score` on every kind of bad document, through the real dist/cli.js: the same words
// ("Cannot read …" for a file that cannot be opened, "Cannot use …" for one that cannot be read
// as a paper) and the same exit code, 2, for each; and Ctrl-C during a long parse exits 130.
// Hostile documents are generated here, not committed.
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixturePath } from '../../standin/server';
import { billionLaughsTei, largeTei, textPdf, unbrokenTextPages, xxeTei } from '../../hostile/documents';
import { CLI } from '../../helpers/paths';
import { startCli } from '../../helpers/cliRun';

const CLAIM = 'The measured distance modulus of each supernova agrees with an accelerating expansion.';
const ENV = { CITEFINDER_GROBID_ENABLED: 'false', CITEFINDER_CACHE_ENABLED: 'false', CITEFINDER_LLM_MODEL: '' };

function score(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [CLI, 'score', '--claim', CLAIM, ...args], { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...ENV, ...env } },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }));
  });
}

describe('CLI score on bad documents', function () {
  this.timeout(60_000); // a CLI process per case: slow, not racy, on a loaded machine
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'citefinder-bad-docs-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, content: string | Uint8Array) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };

  it('says "Cannot read" with the reason and exits 2 for a PDF or TEI that is not there', async () => {
    for (const [flag, what] of [['--pdf', 'PDF file'], ['--tei', 'TEI file'], ['--jats', 'JATS file']] as const) {
      const run = await score([flag, join(dir, 'missing.x')]);
      assert.equal(run.code, 2, run.stderr);
      assert.ok(run.stderr.startsWith(`citefinder: Cannot read ${what} "${join(dir, 'missing.x')}": no such file.\n`), run.stderr);
    }
    const folder = await score(['--pdf', dir]);
    assert.equal(folder.code, 2);
    assert.match(folder.stderr, /Cannot read PDF file ".*": it is a folder\./);
  });

  it('refuses a TEI with an external entity (XXE) or the billion laughs, exit 2, nothing read from disk', async () => {
    for (const [name, text] of [['xxe.tei.xml', xxeTei()], ['lol.tei.xml', billionLaughsTei()]] as const) {
      const path = file(name, text);
      const run = await score(['--tei', path]);
      assert.equal(run.code, 2, run.stderr);
      assert.ok(run.stderr.startsWith(`citefinder: Cannot use TEI file "${path}": The TEI declares a DOCTYPE (entities), which GROBID never writes; refused.`), run.stderr);
      assert.ok(!run.stdout.includes('root:'), 'no file contents in the output');
    }
  });

  it('refuses a JATS that declares entities (XXE), exit 2, nothing read from disk', async () => {
    const path = file('xxe.source.xml', xxeTei().replace(/<TEI\b/, '<article').replace(/<\/TEI>/, '</article>'));
    const run = await score(['--jats', path]);
    assert.equal(run.code, 2, run.stderr);
    assert.ok(run.stderr.startsWith(`citefinder: Cannot use JATS file "${path}": The JATS declares entities`), run.stderr);
    assert.ok(!run.stdout.includes('root:'), 'no file contents in the output');
  });

  it('refuses a TEI over the size limit unread, and malformed TEI, in the same words', async () => {
    const big = file('big.tei.xml', largeTei(2));
    const tooBig = await score(['--tei', big], { CITEFINDER_HTTP_MAXRESPONSEMB: '1' });
    assert.equal(tooBig.code, 2, tooBig.stderr);
    assert.match(tooBig.stderr, /^citefinder: Cannot use TEI file ".*big\.tei\.xml": the TEI is 2\.0 MB, over the 1 MB limit \(http\.maxResponseMb\)\./);
    const broken = await score(['--tei', file('broken.tei.xml', '<TEI><text><body><p>cut off')]);
    assert.equal(broken.code, 2);
    assert.match(broken.stderr, /^citefinder: Cannot use TEI file ".*broken\.tei\.xml": The TEI is not well-formed XML/);
  });

  it('names what is wrong with an encrypted, corrupt or image-only PDF, exit 2', async () => {
    const cases = [
      ['encrypted-aes256-naacl2018-p1.pdf', /encrypted and needs a password/],
      ['corrupt-truncated-naacl2018.pdf', /could not be read/],
      ['scanned-image-only-naacl2018-p1.pdf', /no text layer/],
    ] as const;
    for (const [name, reason] of cases) {
      const path = fixturePath('pdf', 'bad', name);
      const run = await score(['--pdf', path]);
      assert.equal(run.code, 2, run.stderr);
      assert.ok(run.stderr.startsWith(`citefinder: Cannot use PDF file "${path}": `), run.stderr);
      assert.match(run.stderr, reason);
    }
    const html = await score(['--pdf', file('page.pdf', '<!doctype html><title>Log in</title>')]);
    assert.equal(html.code, 2);
    assert.match(html.stderr, /Cannot use PDF file ".*page\.pdf": the PDF could not be read/);
  });

  it('reads a PDF within the page limit and says what it left out', async () => {
    const path = file('long.pdf', textPdf(unbrokenTextPages(12)));
    const run = await score(['--pdf', path, '--json'], { CITEFINDER_FULLTEXT_MAXPAGES: '5' });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /warning: read only the first 5 of 12 pages \(fulltext\.maxPages\)/);
    const output = JSON.parse(run.stdout) as { paragraphs: { text: string }[] };
    assert.ok(output.paragraphs.length > 0);
    assert.ok(output.paragraphs.every((p) => p.text.length <= 5000), 'no paragraph longer than a paragraph');
  });

  it('exits 130 when Ctrl-C comes while a long PDF is being read', async () => {
    const path = file('very-long.pdf', textPdf(unbrokenTextPages(400)));
    const cli = startCli(['score', '--claim', CLAIM, '--pdf', path], { ...ENV, CITEFINDER_FULLTEXT_MAXPAGES: '5000' });
    let ended = false;
    void cli.exited.then(() => (ended = true));
    // Ctrl-C once the PDF is being read: its parse worker thread is running, however busy the machine.
    await readingStarted(cli.child.pid!, () => ended);
    cli.child.kill('SIGINT');
    const code = await cli.exited;
    const { stderr } = cli.output();
    assert.equal(code, 130, stderr);
    assert.match(stderr, /citefinder: cancelled\./);
  });
});

/**
 * Resolves once the process runs a worker thread (Node names it "WorkerThread" in
 * /proc/<pid>/task/<tid>/comm): the CLI reads PDFs only in its parse worker.
 */
async function readingStarted(pid: number, exited: () => boolean): Promise<void> {
  const threadNames = () => {
    try {
      return readdirSync(`/proc/${pid}/task`).map((tid) => readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim());
    } catch {
      return []; // a thread ended between the listing and the read
    }
  };
  const deadline = Date.now() + 15_000; // below mocha's 20 s: a failing test stops polling
  while (!exited() && !threadNames().includes('WorkerThread')) {
    if (Date.now() > deadline) throw new Error('the CLI never started reading the PDF');
    await new Promise((r) => setTimeout(r, 10));
  }
}
