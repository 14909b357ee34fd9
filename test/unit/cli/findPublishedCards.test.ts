// `citefinder find` on the published literature (stand-in services, recorded Semantic Scholar
// records): what a card says of a record must be true of it.
import { strict as assert } from 'node:assert';
import { runCli, startCliStandIn, stopCliStandIn, type CliStandIn } from '../../helpers/cliRun';

/** S2's 1936 record of this title has no abstract (`"abstract": ""`) and no open PDF. */
const GELS_CLAIM = 'The condition of sparingly soluble substances in gels determines their precipitation.';
const GELS_TITLE = 'Condition of sparingly soluble substances in gels';

describe('find on the published literature: the cards (stand-in)', function () {
  this.timeout(30_000);
  let cli: CliStandIn | undefined;
  beforeEach(async () => {
    cli = await startCliStandIn('citefinder-published-cards-');
  });
  afterEach(() => stopCliStandIn(cli));

  it('says a record without an abstract was scored on its title alone, not "on the abstract only"', async () => {
    const run = await runCli(['find', '--claim', GELS_CLAIM], cli!.env);
    assert.equal(run.code, 0, run.stderr);
    const warning = run.stderr.split('\n').find((line) => line.startsWith('!') && line.includes(GELS_TITLE));
    assert.ok(warning, run.stderr);
    assert.match(warning, /full text unavailable \(no open-access PDF link is known for this paper\); scored on its title alone \(the record has no abstract\)/);
    assert.doesNotMatch(warning, /abstract only/);
    assert.match(run.stderr, /• scored doi:10\.1007\/bf03036390: 0\.\d\d \(related, title only\)/);
  });
});
