// `citefinder coverage` reads each file of the project once: the root it was given is read for the
// check that it is LaTeX and that same text is what the include tree and the sentences are built
// from (a second read could also see a file changed in between, and list offsets of another text).
// main() in-process, with node:fs/promises' readFile counted, on the coverage fixture
// (arXiv:2212.11826's main.tex and intro.tex).
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { main } from '../../../src/cli/main';
import { captured } from '../../helpers/cliRun';
import { countedProject, type CountedProject } from '../../helpers/readCounter';

describe('CLI coverage reads a file once', () => {
  let project: CountedProject;
  beforeEach(() => void (project = countedProject('citefinder-coverage-reads-')));
  afterEach(() => project.close());

  it('opens the root and its chapter once each, and lists the chapter\'s sentences', async () => {
    const io = captured();
    assert.equal(await main(['coverage', join(project.dir, 'main.tex'), '--json'], io), 0, io.err);
    const { sentences } = JSON.parse(io.out) as { sentences: { file: string }[] };
    assert.ok(sentences.some((s) => s.file === 'intro.tex'), 'the chapter was read');
    assert.deepEqual([project.readsOf('main.tex'), project.readsOf('intro.tex')], [1, 1], project.reads.join('\n'));
  });
});
