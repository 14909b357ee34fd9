// "Find citations for all listed" in core: each listed sentence searched in turn through one
// pipeline against the stand-in services; a sentence asked again is answered by the shared
// client's cache; cancelling keeps the sentences done and starts no other.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStandIn, type StandIn } from '../../../standin';
import { createPipeline } from '../../../../src/core/pipeline/index';
import { resolveSettings } from '../../../../src/core/settings/index';
import { coverageOfProject, type SentenceCoverage } from '../../../../src/core/coverage';
import { findForSentences } from '../../../../src/core/coverage/batch';
import { DEMO_WITH_REPEATED_CLAIM } from '../../../helpers/coverageDemo';

describe('coverage batch: Find Citations for every listed sentence', function () {
  this.timeout(60_000);
  let standIn: StandIn;
  let cacheDir: string;
  let listed: SentenceCoverage[];
  const files = { read: async () => DEMO_WITH_REPEATED_CLAIM, list: async () => ['/paper/main.tex'] };

  beforeEach(async () => {
    standIn = await startStandIn();
    cacheDir = mkdtempSync(join(tmpdir(), 'citefinder-coverage-batch-'));
    const report = await coverageOfProject({ file: '/paper/main.tex', scope: 'project', files, minScore: 0.2 });
    listed = report.flagged;
  });
  afterEach(async () => {
    await standIn.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  const pipeline = () =>
    createPipeline({ settings: resolveSettings({ ...standIn.settings, 'cache.dir': cacheDir, 'sources.arxiv.intervalMs': 0, 'grobid.enabled': false }), llm: null });

  it('searches each sentence in turn; the repeated claim asks the services nothing more', async () => {
    const supernova = listed.filter((s) => s.text.startsWith('Observations of distant Type Ia'));
    assert.equal(supernova.length, 2, listed.map((s) => s.text).join(' | '));
    const asked: number[] = [];
    const onResult = () => void asked.push(standIn.requests.length);
    const results = await findForSentences(supernova, pipeline(), { read: files.read, onResult });
    assert.deepEqual(results.map((r) => r.sentence), supernova);
    assert.ok(results.every((r) => r.result && r.result.candidates.length > 0));
    assert.ok(asked[0]! > 0);
    assert.equal(asked[1], asked[0], 'the second search of the same claim is answered from the shared cache');
  });

  it('reads a chapter\'s sentence with its root\'s title, as the editor and the CLI give it', async () => {
    const title = 'Dark energy constraints from a joint analysis of standard candles';
    const texts: Record<string, string> = {
      '/paper/main.tex': `\\documentclass{article}\n\\title{${title}}\n\\begin{document}\n\\input{intro}\n\\end{document}\n`,
      '/paper/intro.tex': DEMO_WITH_REPEATED_CLAIM.split('\n').find((l) => l.startsWith('Observations of distant'))! + '\n',
    };
    const read = async (file: string) => texts[file];
    const project = { read, list: async () => Object.keys(texts) };
    const report = await coverageOfProject({ file: '/paper/intro.tex', scope: 'project', files: project, minScore: 0 });
    const chapterSentence = report.flagged.filter((s) => s.file === '/paper/intro.tex');
    assert.equal(chapterSentence.length, 1, report.flagged.map((s) => s.text).join(' | '));
    const titles: (string | undefined)[] = [];
    const listener = (event: { type: string; claim?: { context: { title?: string } } }) => event.type === 'claim' && titles.push(event.claim!.context.title);
    const rootOf = async (file: string) => (file === report.root ? undefined : read(report.root));
    await findForSentences(chapterSentence, pipeline(), { read, listener, rootOf });
    assert.deepEqual(titles, [title]);
  });

  it('stops on cancel after the sentence under way, keeping its result and starting no other', async () => {
    const controller = new AbortController();
    let requestsAtCancel = 0;
    const results = await findForSentences(listed, pipeline(), {
      read: files.read,
      signal: controller.signal,
      onResult: () => {
        requestsAtCancel = standIn.requests.length;
        controller.abort();
      },
    });
    assert.ok(listed.length >= 2);
    assert.equal(results.length, 1);
    assert.ok(results[0]!.result);
    assert.equal(standIn.requests.length, requestsAtCancel, 'no request after the cancel');
  });
});
