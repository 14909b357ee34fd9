// `citefinder bib check` and `refs check` on a chapter read each file of its project once: the
// LaTeX check and the search for the root and its .bib files share one reader, and the root's folder
// is not climbed to for a chapter that holds commands (it is LaTeX without it). main() in-process,
// with node:fs/promises' readFile counted, on the coverage fixture (arXiv:2212.11826's main.tex and
// intro.tex), which names no .bib file: the check ends there, having read the chapter and its root.
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { main } from '../../../src/cli/main';
import { captured } from '../../helpers/cliRun';
import { countedProject, type CountedProject } from '../../helpers/readCounter';

describe('CLI bib check and refs check of a manuscript read a file once', () => {
  let project: CountedProject;
  beforeEach(() => void (project = countedProject('citefinder-bib-reads-')));
  afterEach(() => project.close());

  for (const command of [['bib', 'check'], ['refs', 'check']]) {
    it(`${command.join(' ')} intro.tex opens the chapter and its root once each`, async () => {
      const io = captured();
      assert.equal(await main([...command, join(project.dir, 'intro.tex')], io), 2, io.err);
      assert.match(io.err, /No references found for ".*intro\.tex": it names no \.bib file/);
      assert.deepEqual([project.readsOf('main.tex'), project.readsOf('intro.tex')], [1, 1], project.reads.join('\n'));
    });
  }
});
