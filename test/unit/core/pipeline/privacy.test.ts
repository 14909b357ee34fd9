// Hidden text never leaves the machine: for each way LaTeX hides text (a `%` comment, \iffalse,
// the \else of \iftrue, the comment environment, one declared with \excludecomment, a selection
// that starts inside hidden text), a whole run with an LLM configured sends the hidden words to
// no service (search hosts, the LLM, BibTeX authorities), while the visible words beside them do
// reach the LLM, so each test would see a leak.
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStandIn, type StandIn } from '../../../standin';
import { installOpenAi, textSentToModel } from '../../../standin/openai';
import { fixturePath } from '../../../standin/server';
import { createPipeline } from '../../../../src/core/pipeline/index';
import { resolveSettings } from '../../../../src/core/settings/index';
import { modelReply } from '../../../helpers/modelReply';

const MANUSCRIPT = readFileSync(fixturePath('latex', 'cosmology.tex'), 'utf8');
const CLAIM = 'Observations of distant Type Ia supernovae indicate that the expansion of the universe is\naccelerating~\\cite{riess1998}.';


describe('hidden LaTeX text stays on the machine', function () {
  let standIn: StandIn;
  let cacheDir: string;

  beforeEach(async () => {
    standIn = await startStandIn();
    installOpenAi(standIn, { reply: modelReply });
    cacheDir = mkdtempSync(join(tmpdir(), 'citefinder-privacy-'));
  });
  afterEach(async () => {
    await standIn.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  /** Runs the pipeline on `document` with `selection`; everything sent, and what the LLM got. */
  async function run(document: string, selection: string): Promise<{ everything: string; model: string }> {
    const settings = resolveSettings({
      ...standIn.settings,
      'cache.dir': cacheDir,
      'sources.arxiv.intervalMs': 0,
      'grobid.enabled': false,
      'fulltext.enabled': false,
      'llm.model': 'stand-in-model',
    });
    const at = document.indexOf(selection);
    assert.ok(at >= 0, 'the selection is in the document');
    await createPipeline({ settings }).find({ selection, document, selectionOffset: at });
    const everything = standIn.requests.map((r) => `${decodeURIComponent(r.url.replace(/\+/g, ' '))}\n${r.body}`).join('\n');
    return { everything, model: textSentToModel(standIn) };
  }

  function assertHidden(sent: { everything: string; model: string }, secret: string, visible: string): void {
    assert.ok(sent.model.includes(visible), `the LLM got the visible "${visible}" (the channel is live)`);
    assert.ok(!sent.everything.toLowerCase().includes(secret.toLowerCase()), `"${secret}" left the machine`);
  }

  it('drops a % comment inside the selection', async () => {
    const selection = CLAIM.replace('is\n', 'is % PercentSecret about the referee\n');
    const sent = await run(MANUSCRIPT.replace(CLAIM, selection), selection);
    assertHidden(sent, 'PercentSecret', 'Observations of distant');
  });

  it('drops a % comment in the title and the abstract (context for the LLM)', async () => {
    const document = MANUSCRIPT.replace('standard candles}', 'standard candles % TitleSecret\n}').replace(
      'baryon acoustic', 'baryon % AbstractSecret\nacoustic',
    );
    const sent = await run(document, CLAIM);
    assertHidden(sent, 'TitleSecret', 'Dark energy constraints');
    assertHidden(sent, 'AbstractSecret', 'luminosity distances');
  });

  it('drops an \\iffalse block inside the selection and in the section around it', async () => {
    const selection = CLAIM.replace('indicate', '\\iffalse IffalseSecret \\fi indicate');
    const document = MANUSCRIPT.replace(CLAIM, selection).replace('Our unpublished', '\\iffalse SectionSecret \\else Kept words. \\fi Our unpublished');
    const sent = await run(document, selection);
    assertHidden(sent, 'IffalseSecret', 'indicate that the expansion');
    assertHidden(sent, 'SectionSecret', 'Kept words');
  });

  it('drops the \\else branch of \\iftrue', async () => {
    const document = MANUSCRIPT.replace('The discovery', '\\iftrue Shown branch. \\else ElseSecret \\fi The discovery');
    const sent = await run(document, CLAIM);
    assertHidden(sent, 'ElseSecret', 'Shown branch');
  });

  it('drops a comment environment in the abstract', async () => {
    const document = MANUSCRIPT.replace('We combine', '\\begin{comment}\nCommentEnvSecret reviewer notes\n\\end{comment}\nWe combine');
    const sent = await run(document, CLAIM);
    assertHidden(sent, 'CommentEnvSecret', 'We combine luminosity');
  });

  it('drops an environment declared with \\excludecomment or \\excludeversion', async () => {
    const document = MANUSCRIPT.replace('\\begin{document}', '\\excludecomment{draftnote}\\excludeversion{internal}\n\\begin{document}')
      .replace('The discovery', '\\begin{draftnote}DraftSecret\\end{draftnote} \\begin{internal}VersionSecret\\end{internal} The discovery');
    const sent = await run(document, CLAIM);
    assertHidden(sent, 'DraftSecret', 'discovery of cosmic acceleration');
    assertHidden(sent, 'VersionSecret', 'discovery of cosmic acceleration');
  });

  it('drops the hidden start of a selection that begins inside a comment environment', async () => {
    const selection = `OpenSecret words\n\\end{comment}\n${CLAIM}`;
    const document = MANUSCRIPT.replace(CLAIM, `\\begin{comment}\nearlier ${selection}`);
    const sent = await run(document, selection);
    assertHidden(sent, 'OpenSecret', 'Observations of distant');
  });
});
