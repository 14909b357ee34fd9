// The stand-in's Europe PMC full text: recorded JATS always; with `openAccessJats`, the recorded
// JATS for every open-access article of its corpus too, as Europe PMC serves one for each (the
// pipeline bench's setting); never for an article outside the open-access subset.
import assert from 'node:assert/strict';
import { startStandIn, type StandIn } from '../../standin';

/** Two real open-access PubMed records of the stand-in's corpus whose JATS is not recorded, and the recorded one. */
const UNRECORDED_OPEN = ['PMC12069736', 'PMC12120539'];
const RECORDED = 'PMC5967733';
/** A real record of the corpus in PMC but outside the open-access subset (isOpenAccess "N"), and a PMCID no record names. */
const CLOSED = 'PMC12124214';
const UNKNOWN = 'PMC1000001';

async function status(standIn: StandIn, pmcid: string): Promise<{ status: number; jats: boolean }> {
  const rest = standIn.settings['sources.europepmc.url']!.replace(/\/search$/, '');
  const response = await fetch(`${rest}/${pmcid}/fullTextXML`);
  const body = await response.text();
  return { status: response.status, jats: /<article[\s>]/.test(body) };
}

describe('stand-in: Europe PMC fullTextXML', () => {
  const started: StandIn[] = [];
  after(async () => Promise.all(started.map((s) => s.close())));
  const start = async (openAccessJats: boolean) => {
    const standIn = await startStandIn({ openAccessJats });
    started.push(standIn);
    return standIn;
  };

  it('answers 404 for an open-access article it holds no recording of, by default', async () => {
    const standIn = await start(false);
    for (const pmcid of UNRECORDED_OPEN) assert.deepEqual(await status(standIn, pmcid), { status: 404, jats: false });
    assert.deepEqual(await status(standIn, RECORDED), { status: 200, jats: true });
  });

  it('with openAccessJats serves JATS for every open-access article, and still 404 for others', async () => {
    const standIn = await start(true);
    for (const pmcid of [...UNRECORDED_OPEN, RECORDED]) assert.deepEqual(await status(standIn, pmcid), { status: 200, jats: true });
    for (const pmcid of [CLOSED, UNKNOWN]) assert.deepEqual(await status(standIn, pmcid), { status: 404, jats: false });
  });
});
