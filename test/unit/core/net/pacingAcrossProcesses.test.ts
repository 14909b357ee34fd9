// DBLP's etiquette across processes: two citefinder CLI runs side by side (the real dist/cli.js,
// sharing the user's cache folder, as the CLI beside the editor does) keep one timetable for
// DBLP, so the stand-in, which refuses a request that arrives too soon after another, refuses none.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startStandIn, standInEnv, type StandIn } from '../../../standin';
import { parsePoolLines } from '../../../standin/pool';
import { registerDblpRecords } from '../../../standin/dblp';

/** dist/cli.js of this checkout, found upwards from the bundled test. */
function cliPath(): string {
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'dist', 'cli.js'))) return join(dir, 'dist', 'cli.js');
  }
  throw new Error('dist/cli.js not found: build first (node esbuild.config.mjs)');
}

function runCli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [cliPath(), ...args], { env: { PATH: process.env.PATH ?? '', ...env }, maxBuffer: 1 << 24 }, (error, stdout, stderr) =>
      done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }));
  });
}

// Lines of HALLMARK's pool_dev.jsonl (MIT, rpatrik96/hallmark), verbatim: DOI-less ICLR papers.
const POOL = `{"key":"conf/iclr/0001WDK21","title":"Optimism in Reinforcement Learning with Generalized Linear Function Approximation","authors":["Yining Wang 0001","Ruosong Wang","Simon Shaolei Du","Akshay Krishnamurthy"],"year":2021,"venue":"ICLR","type":"inproceedings","src":["valid_entries"]}
{"key":"conf/iclr/0001WHS21","title":"Economic Hyperparameter Optimization with Blended Search Strategy","authors":["Chi Wang 0001","Qingyun Wu","Silu Huang","Amin Saied"],"year":2021,"venue":"ICLR","type":"inproceedings","src":["valid_entries"]}
{"key":"conf/iclr/00010MPWZ21","title":"RODE: Learning Roles to Decompose Multi-Agent Tasks","authors":["Tonghan Wang 0001","Tarun Gupta 0002","Anuj Mahajan","Bei Peng 0001","Shimon Whiteson","Chongjie Zhang"],"year":2021,"venue":"ICLR","type":"inproceedings","src":["valid_entries"]}
`;
/**
 * The interval the runs are told to keep, and below it what the stand-in enforces between
 * arrivals. The stand-in stamps an arrival when its own event loop, in this test's process, gets
 * to it, and a cold process's first request reaches it later than a warm one's: with two test runs
 * and a busy loop on the two cores, sends 700 ms apart (600 and the client's margin) were stamped
 * 387 ms apart, and under a load of 10 once below 300. The interval is long enough that no such
 * skew brings two paced sends under the line; two processes that did not share the timetable send
 * their first requests together, tens of milliseconds apart, well under it.
 */
const INTERVAL_MS = 1_500;
const REFUSED_BELOW_MS = 300;

describe('DBLP pacing across processes', function () {
  this.timeout(60_000);
  let standIn: StandIn;
  let home: string;
  before(async () => {
    standIn = await startStandIn();
    registerDblpRecords(standIn, parsePoolLines(POOL));
    home = mkdtempSync(join(tmpdir(), 'citefinder-pacing-'));
  });
  after(async () => {
    await standIn.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('two CLI runs at once send DBLP requests at least the interval apart, and none is refused', async () => {
    standIn.enforceSpacing('dblp', REFUSED_BELOW_MS);
    const env = {
      ...standInEnv(standIn),
      HOME: home,
      XDG_CACHE_HOME: join(home, '.cache'),
      CITEFINDER_CACHE_ENABLED: 'false',
      CITEFINDER_SOURCES_ARXIV_INTERVALMS: '0',
      CITEFINDER_SOURCES_DBLP_INTERVALMS: String(INTERVAL_MS),
      CITEFINDER_HTTP_RETRIES: '0',
      CITEFINDER_FULLTEXT_ENABLED: 'false',
    };
    const runs = await Promise.all([
      runCli(['find', '--claim', '(Wang et al., 2021)', '--json'], env),
      runCli(['find', '--claim', 'Wang et al. (2021) learned roles to decompose multi-agent tasks.', '--json'], env),
    ]);
    for (const run of runs) assert.equal(run.code, 0, run.stderr);
    const dblp = standIn.requests.filter((r) => r.service === 'dblp');
    assert.ok(dblp.length >= 4, `both runs searched and fetched BibTeX from DBLP (${dblp.length} requests)`);
    assert.deepEqual(dblp.map((r) => r.status), dblp.map(() => 200), 'no request refused as too soon: ' + JSON.stringify(dblp.map((r) => [r.at, r.endAt, r.status, r.path, r.headers['user-agent']])));
    const arrivals = dblp.map((r) => r.at).sort((a, b) => a - b);
    for (let i = 1; i < arrivals.length; i++) assert.ok(arrivals[i]! - arrivals[i - 1]! >= REFUSED_BELOW_MS, `gap ${arrivals[i]! - arrivals[i - 1]!} ms`);
    const keys = runs.map((run) => (JSON.parse(run.stdout) as { candidates: { dblpKey?: string }[] }).candidates.map((c) => c.dblpKey));
    assert.ok(keys[1]!.includes('conf/iclr/00010MPWZ21'), 'the second run found the paper its sentence is about');
  });
});
