// `citefinder audit` and `citefinder insert` read each file of the project once, as `coverage` does
// (coverageReadsOnce.test.ts): the root's folder is found by reading the chapter's neighbours, and the
// include tree, the LaTeX check and the audit (or the insert's plan) read those same texts. main()
// in-process, with node:fs/promises' readFile counted, on the coverage fixture (arXiv:2212.11826's
// main.tex and intro.tex), given the chapter: the audit fetches nothing (no citation of it is in a .bib
// file), the insert its work from the stand-in services.
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { main } from '../../../src/cli/main';
import { captured, startCliStandIn, stopCliStandIn } from '../../helpers/cliRun';
import { countedProject, type CountedProject } from '../../helpers/readCounter';

describe('CLI audit and insert read a file once', () => {
  let project: CountedProject;
  const run = async (args: string[]) => {
    const io = captured();
    const code = await main(args, io);
    return { code, ...io };
  };
  beforeEach(() => void (project = countedProject('citefinder-audit-reads-')));
  afterEach(() => project.close());

  it('audit opens the chapter and its root once each, and checks the chapter\'s citations', async () => {
    const audit = await run(['audit', join(project.dir, 'intro.tex'), '--json']);
    assert.equal(audit.code, 0, audit.err);
    assert.match(audit.out, /"31374a87"/);
    assert.deepEqual([project.readsOf('main.tex'), project.readsOf('intro.tex')], [1, 1], project.reads.join('\n'));
  });

  it('insert plans on the chapter and its root read once each, then reads afresh only what it writes', async () => {
    const cli = await startCliStandIn('citefinder-insert-reads-');
    const saved = { ...process.env };
    Object.assign(process.env, cli.env);
    try {
      const insert = await run(['insert', '--tex', join(project.dir, 'intro.tex'), '--line', '4', '--id', '10.1086/307221', '--json']);
      assert.equal(insert.code, 0, insert.err);
      const { key } = JSON.parse(insert.out) as { key: string };
      assert.ok(key);
      // One read each to plan (4 of main.tex and 5 of intro.tex before), then the write's own two of each file
      // it replaces (the chapter, and the root that gets the bibliography): its check that the file may be
      // edited, and its fresh read, left as they are.
      assert.deepEqual([project.readsOf('main.tex'), project.readsOf('intro.tex')], [3, 3], project.reads.join('\n'));
    } finally {
      for (const name of Object.keys(cli.env)) {
        const before = saved[name];
        if (before === undefined) delete process.env[name];
        else process.env[name] = before;
      }
      await stopCliStandIn(cli);
    }
  });
});
