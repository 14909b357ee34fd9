import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fixturePath, startStandInServer, type StandIn } from '../../../standin/server';
import { installCrossref } from '../../../standin/crossref';
import { installDoi } from '../../../standin/doi';
import { installFiles } from '../../../standin/files';
import { installGrobid } from '../../../standin/grobid';
import { chatRequests, installOpenAi, type OpenAiStandInOptions } from '../../../standin/openai';
import { createHttpClient } from '../../../../src/core/net/http';
import { PacingRegistry } from '../../../../src/core/net/pacing';
import { resolveSettings, type Settings } from '../../../../src/core/settings/index';
import { createLlmClient } from '../../../../src/core/llm/client';
import type { CoreDeps } from '../../../../src/core/deps';
import type { PaperRecord } from '../../../../src/core/types';
import { parseSlashCommand, planFromToolCall } from '../../../../src/core/chat/commands';
import { runPlan } from '../../../../src/core/chat/plans';
import { answerFromRecords } from '../../../../src/core/chat';
import { buildChatMessages, SYSTEM_PROMPT } from '../../../../src/core/chat/prompt';
import { fitsWindow, promptTokens } from '../../../../src/core/llm/window';
import { ARXIV_1710_08557 } from '../../../helpers/paperRecords';
import { scriptedTool } from '../../../e2e/scriptedLlm';

const BIORXIV_PREPRINT: PaperRecord = {
  id: 'doi:10.1101/2024.04.01.587366',
  source: 'biorxiv',
  title: 'A bioRxiv preprint',
  authors: ['A. Author'],
  year: 2024,
  doi: '10.1101/2024.04.01.587366',
};
const LANCET: PaperRecord = {
  id: 'doi:10.1016/s0140-6736(97)11096-0',
  source: 'crossref',
  title: 'Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive developmental disorder in children',
  authors: ['A. J. Wakefield'],
  year: 1998,
  doi: '10.1016/s0140-6736(97)11096-0',
};
const PLOS: PaperRecord = {
  id: 'doi:10.1371/journal.pone.0033693',
  source: 'crossref',
  title: 'Methylphenidate Exposure Induces Dopamine Neuron Loss and Activation of Microglia in the Basal Ganglia of Mice',
  authors: ['Shankar Sadasivan'],
  year: 2012,
  doi: '10.1371/journal.pone.0033693',
};
const SCIREP: PaperRecord = { id: 'doi:10.1038/srep16696', source: 'crossref', title: 'Single-molecule FRET studies on alpha-synuclein oligomerization', authors: ['Laura Tosatto'], year: 2015, doi: '10.1038/srep16696' };
const NO_DOI: PaperRecord = { id: 'arxiv:0000.00000', source: 'arxiv', title: 'A preprint without DOI', authors: ['B. Author'] };

describe('chat commands', () => {
  it('reads the slash commands, with or without brackets, and explains bad ones', () => {
    assert.deepEqual(parseSlashCommand('/published 1'), { request: { plan: 'published', ref: 1 } });
    assert.deepEqual(parseSlashCommand('/author [2] dopamine neurons'), { request: { plan: 'author', ref: 2, topic: 'dopamine neurons' } });
    assert.deepEqual(parseSlashCommand('/author 2'), { request: { plan: 'author', ref: 2, topic: undefined } });
    assert.deepEqual(parseSlashCommand(' /newest '), { request: { plan: 'newest' } });
    assert.deepEqual(parseSlashCommand('/retracted'), { request: { plan: 'retracted' } });
    assert.match((parseSlashCommand('/published') as { error: string }).error, /Usage: \/published N/);
    assert.match((parseSlashCommand('/frobnicate') as { error: string }).error, /Unknown command \/frobnicate/);
    assert.equal(parseSlashCommand('Is there a published version of [1]?'), undefined);
  });
  it('turns tool calls into the same plans and refuses unknown tools or bad arguments', () => {
    assert.deepEqual(planFromToolCall('published_version', { ref: 1 }), { plan: 'published', ref: 1 });
    assert.deepEqual(planFromToolCall('author_works', { ref: '2', topic: ' grasp ' }), { plan: 'author', ref: 2, topic: 'grasp' });
    assert.deepEqual(planFromToolCall('retraction_check', {}), { plan: 'retracted' });
    assert.equal(planFromToolCall('published_version', { ref: 0 }), undefined);
    assert.equal(planFromToolCall('published_version', 'x'), undefined);
    assert.equal(planFromToolCall('rm_rf', {}), undefined);
  });
});

describe('chat plans over the stand-in records', () => {
  let standIn: StandIn;
  let deps: CoreDeps;
  let options: OpenAiStandInOptions;
  let settings: Settings;
  beforeEach(async () => {
    options = {};
    standIn = await startStandInServer([
      installCrossref,
      installDoi,
      installGrobid,
      (s) => installFiles(s, { preprintJats: true }),
      (s) => installOpenAi(s, options),
    ]);
    settings = resolveSettings({ ...standIn.settings, 'http.retries': 0, 'cache.enabled': false });
    deps = { settings, http: createHttpClient(settings, { cacheDir: '', pacing: new PacingRegistry(), backoffMs: 1 }) };
  });
  afterEach(() => standIn.close());

  it('/published follows a bioRxiv preprint to the DOI Crossref names as its published version', async () => {
    const answer = await runPlan({ plan: 'published', ref: 1 }, [BIORXIV_PREPRINT], deps);
    assert.deepEqual(answer.calls, ['Crossref /works/10.1101/2024.04.01.587366', 'Crossref /works/10.1016/j.xgen.2025.100814']);
    assert.equal(answer.records[0]?.record.doi, '10.1016/j.xgen.2025.100814');
    assert.match(answer.summary, /^Yes: \[1\] was published as/);
    assert.match(answer.records[0]!.record.journal ?? '', /Cell Genomics/i);
  });
  it('/published of an arXiv paper uses the journal DOI arXiv gave, read from its authority BibTeX', async () => {
    const arxiv = { ...ARXIV_1710_08557, publishedDoi: '10.1186/s12984-017-0305-3', doi: undefined };
    const answer = await runPlan({ plan: 'published', ref: 1 }, [arxiv], deps);
    assert.equal(answer.records[0]?.record.year, 2017);
    assert.match(answer.records[0]!.record.journal ?? '', /NeuroEngineering/i);
    assert.match(answer.summary, /doi:10\.1186\/s12984-017-0305-3/);
  });
  it('/published of a journal article says it is published already; of a paper with no DOI says what was missing', async () => {
    assert.match((await runPlan({ plan: 'published', ref: 1 }, [PLOS], deps)).summary, /is itself a published journal-article \(PLoS ONE, 2012\)/);
    const none = await runPlan({ plan: 'published', ref: 1 }, [NO_DOI], deps);
    assert.match(none.summary, /no DOI to ask Crossref about/);
    assert.deepEqual(none.calls, []);
  });
  it('/retracted reports the Lancet retraction, the PLOS ONE correction from its publisher, an ok record and an unknown one', async () => {
    const answer = await runPlan({ plan: 'retracted' }, [LANCET, PLOS, SCIREP, NO_DOI], deps);
    const lines = answer.summary.split('\n');
    assert.match(lines[0]!, /^1 of the attached papers carry a notice/);
    assert.match(lines[1]!, /^\[1\] retracted \(notice doi:10\.1016\/s0140-6736\(10\)60175-4, 2010-02-06, retraction-watch\)/);
    assert.match(lines[2]!, /^\[2\] corrected \(notice doi:10\.1371\/annotation\/c76da2c1-ccb8-4797-94c1-359d3ceceeda, 2012-05-08, publisher\)/);
    assert.match(lines[3]!, /^\[3\] ok$/);
    assert.match(lines[4]!, /^\[4\] unknown: no DOI/);
    assert.deepEqual(answer.records.map((r) => r.trust?.status), ['retracted', 'corrected', 'unknown']);
  });
  it('/author searches Crossref by the first author and the topic, and keeps only works with that author', async () => {
    const arya: PaperRecord = { id: 'arxiv:x', source: 'arxiv', title: 'Loss differentiation in wireless networks', authors: ['V. Arya'] };
    const answer = await runPlan({ plan: 'author', ref: 1, topic: 'wireless congestion losses' }, [arya], deps);
    assert.deepEqual(answer.records.map((r) => r.record.doi), ['10.1109/icdcsw.2003.1203662']);
    assert.match(standIn.requests.at(-1)!.url, /query\.author=V\.\+Arya/);
    const other = await runPlan({ plan: 'author', ref: 1, topic: 'wireless congestion losses' }, [{ ...arya, authors: ['S. Perlmutter'] }], deps);
    assert.deepEqual(other.records, []);
    assert.match(other.summary, /Crossref lists no other work by S\. Perlmutter/);
  });
  it('/cites follows the citations of the paragraphs where the paper talks about the topic (GROBID TEI)', async () => {
    const specter: PaperRecord = { id: 'arxiv:2004.07180', source: 'arxiv', title: 'SPECTER', authors: ['Arman Cohan'], year: 2020, pdfUrl: `${standIn.url}/files/pdf/acl2020-specter-cs.pdf` };
    const answer = await runPlan({ plan: 'cited', ref: 1, topic: 'classification' }, [specter], deps);
    const lines = answer.summary.split('\n');
    // Section 3.1 "Document Classification" cites SciBERT, MeSH and the JAMA paper; the stand-in's
    // Crossref knows none of them, so each is listed as printed, not as a record.
    assert.equal(lines[0], 'Where [1] mentions "classification", it cites 3 works; 0 confirmed by their records.');
    assert.match(lines[1]!, /SciB- ERT: A Pretrained Language Model for Scientific Text/);
    assert.match(lines[2]!, /Medical Subject Headings \(MeSH\)/);
    assert.match(lines[3]!, /Quantifying Sex Bias in Clinical Studies/);
    assert.deepEqual(answer.records, []);
    assert.ok(answer.calls.includes('lookup 10.1001/jamanetworkopen.2019.6700'), 'a DOI in the bibliography is looked up by DOI');
    assert.ok(answer.calls.some((c) => c.startsWith('Crossref bibliographic search "SciB-ERT')), 'a title without DOI is searched');
    assert.equal(standIn.requests.filter((r) => r.service === 'grobid' && r.path.includes('processFulltext')).length, 1);
  });
  it('/cites follows a preprint\'s citations from the server\'s JATS, where each paragraph names the references it cites', async () => {
    const preprint: PaperRecord = { ...BIORXIV_PREPRINT, jatsUrl: `${standIn.url}/biorxiv-content/early/2013/11/07/000109.source.xml` };
    const answer = await runPlan({ plan: 'cited', ref: 1, topic: 'ELISA' }, [preprint], deps);
    const lines = answer.summary.split('\n');
    // The served JATS (PLOS NTD, Rift Valley fever in Mozambique): the paragraphs on the IgG and IgM
    // ELISAs cite Fafetine, Paweska and Jansen van Vuren (most mentions first); the stand-in's
    // Crossref knows none of them, so each is listed as printed in the JATS's reference list.
    assert.equal(lines[0], 'Where [1] mentions "ELISA", it cites 3 works; 0 confirmed by their records.');
    assert.match(lines[1]!, /^Not confirmed \(as printed in \[1\]\): Fafetine JM, Tijhaar E, .* indirect ELISA for the detection/);
    assert.match(lines[2]!, /^Not confirmed \(as printed in \[1\]\): Paweska JT, Burt FJ, .* IgM-capture enzyme-linked/);
    assert.match(lines[3]!, /^Not confirmed \(as printed in \[1\]\): Jansen van Vuren P, /);
    assert.equal(standIn.requests.filter((r) => r.path.endsWith('.source.xml')).length, 1);
    assert.equal(standIn.requests.filter((r) => r.path.endsWith('.pdf')).length, 0);
  });
  it('/newest compares the years of the records; a wrong [n] is a clear error', async () => {
    assert.match((await runPlan({ plan: 'newest' }, [LANCET, PLOS, NO_DOI], deps)).summary, /^The newest attached paper is \[2\], from 2012\. \(1 without a year not compared\.\)/);
    await assert.rejects(runPlan({ plan: 'published', ref: 4 }, [LANCET], deps), /There is no \[4\]: the attached papers are \[1\]–\[1\]/);
  });

  it('with an LLM, the model picks the plan by tool call and then writes prose around the records', async () => {
    options.tool = (body) => (JSON.stringify(body.messages).includes('retracted') ? { name: 'retraction_check', arguments: {} } : undefined);
    const llm = createLlmClient(resolveSettings({ ...settings, 'llm.model': 'gpt-4o-mini' }));
    const outcome = await answerFromRecords(
      { question: 'Which of the attached papers is retracted?', attachments: [LANCET, PLOS], messages: [{ role: 'system', content: 'ctx' }, { role: 'user', content: 'Which of the attached papers is retracted?' }] },
      { ...deps, llm },
    );
    assert.equal(outcome.kind, 'plan');
    assert.ok(outcome.kind === 'plan' && outcome.prose);
    const prose = outcome.kind === 'plan' ? outcome.prose![0]!.content : '';
    assert.match(prose, /R1\. Ileal-lymphoid.*\[retracted\]/);
    const [toolRequest] = chatRequests(standIn);
    assert.deepEqual((toolRequest!.tools as { function: { name: string } }[]).map((t) => t.function.name), ['published_version', 'author_works', 'cited_works', 'newest_attached', 'retraction_check']);
    options.tool = () => undefined;
    options.reply = () => 'No lookup is needed for that.';
    const text = await answerFromRecords({ question: 'Summarise [1].', attachments: [PLOS], messages: [{ role: 'user', content: 'Summarise [1].' }] }, { ...deps, llm });
    assert.deepEqual(text, { kind: 'none' }, 'no plan chosen: the ordinary streamed chat answers');
    assert.equal(chatRequests(standIn).at(-1)!.max_tokens, 200, 'the tool choice is a short call');
  });
  it('writes the prose without the attached papers\' material when the records would not fit beside it', async () => {
    options.tool = () => ({ name: 'retraction_check', arguments: {} });
    const question = 'Which of the attached papers is retracted?';
    const attachments = [LANCET, PLOS];
    // The manuscript's section: the cosmology fixture's text, some 1,000 tokens of it.
    const sectionText = readFileSync(fixturePath('latex', 'cosmology.tex'), 'utf8').slice(0, 3000);
    const candidates = attachments.map((r) => ({ ...r, sources: [r.source], matchedQueries: [], retrievalScore: 0 }));
    const chat = buildChatMessages({ claim: 'Vaccines cause no bowel disease.', sectionText, attachments: candidates }, [], question);
    // A window that holds the chat's prompt and its answer, but not the records beside them.
    const window = promptTokens(chat) + 1024 + 20;
    const ask = (contextTokens: number) =>
      answerFromRecords({ question, attachments, messages: chat }, { ...deps, llm: createLlmClient(resolveSettings({ ...settings, 'llm.model': 'gpt-4o-mini', 'llm.contextTokens': contextTokens })) });
    const roomy = await ask(window * 2);
    const whole = roomy.kind === 'plan' ? roomy.prose! : [];
    assert.ok(whole[0]!.content.includes('## Attached papers') && /R1\. /.test(whole[0]!.content), 'with room, the papers and the records');
    const tight = await ask(window);
    const prose = tight.kind === 'plan' ? tight.prose! : [];
    assert.ok(fitsWindow(prose, window), `${promptTokens(prose)} tokens`);
    assert.ok(prose[0]!.content.startsWith(SYSTEM_PROMPT) && !prose[0]!.content.includes('## Attached papers'));
    assert.match(prose[0]!.content, /R1\. Ileal-lymphoid.*\[retracted\]/);
    assert.deepEqual(prose.at(-1), { role: 'user', content: question });
  });
  it('with the scripted model, each kind of question runs the same plan as its slash command', async () => {
    options.tool = scriptedTool;
    const llm = createLlmClient(resolveSettings({ ...settings, 'llm.model': 'gpt-4o-mini' }));
    const attachments = [PLOS, BIORXIV_PREPRINT];
    const cases: [string, string][] = [
      ['Is there a published version of [2]?', '/published 2'],
      ['What else did the first author of [1] publish?', '/author 1'],
      ['Which of the attached papers is newest?', '/newest'],
      ['Is any of them retracted?', '/retracted'],
      ['Find the paper [1] cites for its main dataset.', '/cites 1 dataset'],
    ];
    for (const [question, command] of cases) {
      const ask = (q: string, withLlm: typeof llm) => answerFromRecords({ question: q, attachments, messages: [{ role: 'user', content: q }] }, { ...deps, llm: withLlm });
      const byModel = await ask(question, llm);
      const bySlash = await ask(command, null);
      assert.equal(byModel.kind, 'plan', question);
      assert.deepEqual(byModel.kind === 'plan' && byModel.answer, bySlash.kind === 'plan' && bySlash.answer, `${question} = ${command}`);
    }
  });
  it('without an LLM, a question that is not a command goes to the ordinary chat', async () => {
    const outcome = await answerFromRecords({ question: 'Is [1] retracted?', attachments: [LANCET], messages: [] }, { ...deps, llm: null });
    assert.deepEqual(outcome, { kind: 'none' });
  });
});
