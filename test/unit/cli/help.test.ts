// `citefinder --version` and `citefinder COMMAND --help`, run in-process through main().
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { main } from '../../../src/cli/main';
import { captured } from '../../helpers/cliRun';

describe('CLI --version and COMMAND --help', () => {
  it('prints the version of package.json', async () => {
    const pkg = JSON.parse(readFileSync(resolve(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-V']) {
      const io = captured();
      assert.equal(await main([flag], io), 0);
      assert.equal(io.out, `citefinder ${pkg.version}\n`);
      assert.equal(io.err, '');
    }
  });

  const commands: Array<[string, RegExp]> = [
    ['find', /^Usage: citefinder find --claim TEXT/],
    ['score', /^Usage: citefinder score --claim TEXT \(--pdf FILE \| --tei FILE \| --jats FILE\)/],
    ['lookup', /^Usage: citefinder lookup ID/],
    ['insert', /^Usage: citefinder insert --tex FILE\.tex --line N/],
    ['audit', /^Usage: citefinder audit FILE\.tex/],
    ['bib', /^Usage: citefinder bib check FILE\.bib/],
  ];
  for (const [command, usage] of commands) {
    it(`${command} --help shows that command's usage and exits 0`, async () => {
      for (const flag of ['--help', '-h']) {
        const io = captured();
        assert.equal(await main([command, flag], io), 0, io.err);
        assert.match(io.out, usage);
        assert.doesNotMatch(io.out + io.err, /Unknown option/);
        // Only that command's line, not the whole manual.
        assert.equal(io.out.trim().split('\n').length, 1);
      }
    });
  }

  it('--help after other options still shows the usage', async () => {
    const io = captured();
    assert.equal(await main(['bib', 'check', 'x.bib', '--help'], io), 0);
    assert.match(io.out, /citefinder bib check/);
  });

  it('the general help names --version and COMMAND --help', async () => {
    const io = captured();
    assert.equal(await main(['--help'], io), 0);
    assert.match(io.out, /citefinder COMMAND --help \| citefinder --version/);
  });
});
