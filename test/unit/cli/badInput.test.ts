// What a newcomer's mistakes get from the CLI: a mistyped command or option is named in one line
// with the nearest right one and that command's usage line (not the whole manual); a file it cannot
// use is named alone; every such mistake exits 2, and nothing goes to stdout, which may be a pipe.
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../src/cli/main';
import { captured } from '../../helpers/cliRun';

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captured();
  const code = await main(args, io);
  return { code, out: io.out, err: io.err };
}

describe('CLI mistakes: one clear line, the right usage, exit 2', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'citefinder-bad-input-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('no command at all prints the manual on stderr (not stdout) and exits 2', async () => {
    const { code, out, err } = await run([]);
    assert.equal(code, 2);
    assert.equal(out, '');
    assert.match(err, /^Usage:\n {2}citefinder find /);
  });

  it('-h, --help and help print the manual on stdout and exit 0', async () => {
    for (const flag of ['-h', '--help', 'help']) {
      const { code, out, err } = await run([flag]);
      assert.equal(code, 0, flag);
      assert.match(out, /citefinder coverage FILE\.tex/, flag);
      assert.equal(err, '', flag);
    }
  });

  it('an unknown command names the nearest one, in one line', async () => {
    for (const [typed, meant] of [['fnd', 'find'], ['audti', 'audit'], ['cov', 'coverage'], ['lokup', 'lookup']]) {
      const { code, out, err } = await run([typed!, 'main.tex']);
      assert.equal(code, 2, typed);
      assert.equal(out, '');
      assert.equal(err, `citefinder: Unknown command "${typed}": did you mean "${meant}"? "citefinder --help" lists the commands.\n`);
    }
    const far = await run(['frobnicate', '--colour']);
    assert.equal(far.code, 2);
    // The command is what is wrong, not the option after it (it used to say "Unknown option '--colour'").
    assert.equal(far.err, 'citefinder: Unknown command "frobnicate". "citefinder --help" lists the commands.\n');
  });

  it('options typed before the command are said to go after it, with the command line reordered', async () => {
    const { code, out, err } = await run(['--config', 'my settings.json', 'audit', 'main.tex', '--json']);
    assert.equal(code, 2);
    assert.equal(out, '');
    // It said: Unknown command "--config".
    assert.equal(err, "citefinder: The command comes first, then its options: citefinder audit main.tex --json --config 'my settings.json'\n");
  });

  it('an unknown option names the nearest option and gives only that command\'s usage line', async () => {
    const { code, err } = await run(['audit', 'main.tex', '--jsn']);
    assert.equal(code, 2);
    assert.equal(err, 'citefinder: Unknown option --jsn: did you mean --json?\nUsage: citefinder audit FILE.tex [--file-only] [--config FILE] [--json]\n');
    const far = await run(['find', '--claim', 'A claim.', '--colour']);
    assert.equal(far.code, 2);
    assert.match(far.err, /^citefinder: Unknown option --colour\.\nUsage: citefinder find --claim TEXT [^\n]*\n$/);
    const insert = await run(['insert', '--tex', 'main.tex', '--line', '3', '--claimline']);
    assert.match(insert.err, /^citefinder: Unknown option --claimline: did you mean --claim-line\?\n/);
  });

  it('an option without its value, or a value for a switch, says so in the CLI\'s words', async () => {
    const missing = await run(['find', '--claim']);
    assert.equal(missing.code, 2);
    assert.equal(missing.err.split('\n')[0], 'citefinder: --claim needs a value.');
    const switchValue = await run(['coverage', 'main.tex', '--json=yes']);
    assert.equal(switchValue.code, 2);
    assert.equal(switchValue.err.split('\n')[0], 'citefinder: --json takes no value.');
    const unquoted = await run(['find', 'Supernovae', 'accelerate']);
    assert.equal(unquoted.code, 2);
    assert.match(unquoted.err, /^citefinder: Unexpected argument "Supernovae": this command takes options only \(quote a claim that has spaces\)\.\n/);
  });

  it('bib and refs without "check FILE" say what is missing', async () => {
    const cases: Array<[string[], string]> = [
      [['bib'], 'bib needs "check" and a file.'],
      [['bib', 'refs.bib'], 'Missing "check": run citefinder bib check refs.bib'],
      [['bib', 'chek', 'refs.bib'], 'Unknown bib subcommand "chek": bib has one, "check".'],
      [['refs', 'check'], 'refs check needs a file.'],
      [['refs', 'check', 'a.pdf', 'b.pdf'], 'refs check takes one file, not 2.'],
    ];
    for (const [args, message] of cases) {
      const { code, err } = await run(args);
      assert.equal(code, 2, args.join(' '));
      const [first, usage, rest] = err.split('\n');
      assert.equal(first, `citefinder: ${message}`);
      assert.match(usage!, new RegExp(`^Usage: citefinder ${args[0]} check `));
      assert.equal(rest, '');
    }
  });

  it('a file it cannot read is named in one line, without the usage', async () => {
    mkdirSync(join(dir, 'chapter.tex'));
    writeFileSync(join(dir, 'empty.tex'), '');
    const cases: Array<[string[], RegExp]> = [
      [['audit', join(dir, 'nope.tex')], /^citefinder: Cannot read LaTeX file "[^"]*nope\.tex": no such file\.\n$/],
      [['coverage', join(dir, 'chapter.tex')], /^citefinder: Cannot read LaTeX file "[^"]*chapter\.tex": it is a folder\.\n$/],
      [['coverage', join(dir, 'empty.tex')], /^citefinder: "[^"]*empty\.tex" does not look like LaTeX \(no command in it\)[^\n]*\n$/],
      [['find', '--claim', 'A claim.', '--context-file', join(dir, 'nope.tex')], /^citefinder: Cannot read context file "[^"]*nope\.tex": no such file\.\n$/],
    ];
    for (const [args, message] of cases) {
      const { code, out, err } = await run(args);
      assert.equal(code, 2, args.join(' '));
      assert.equal(out, '');
      assert.match(err, message);
    }
  });
});
