// Which sentences coverage reads as the abstract, class by class: the abstract environment (aastex,
// MNRAS, elsarticle inside its frontmatter) and Astronomy & Astrophysics' structured `\abstract`
// command, five brace groups (context, aims, methods, results, conclusions), which was read as
// body prose and its sentences flagged as uncited claims.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { coverageOfProject } from '../../../../src/core/coverage';
import type { TexFiles } from '../../../../src/core/manuscript/project';
import { fixturePath } from '../../../standin/server';

const aa = readFileSync(fixturePath('latex', 'aa-structured.tex'), 'utf8');

async function coverage(source: string) {
  const files: TexFiles = { read: async (file) => (file === '/p/main.tex' ? source : undefined), list: async () => ['/p/main.tex'] };
  return (await coverageOfProject({ file: '/p/main.tex', scope: 'project', files })).sentences;
}

/** The A&A abstract's groups, written as one abstract environment in the layout `layout` gives. */
function asEnvironment(layout: (abstract: string) => string): string {
  const start = aa.indexOf('   \\abstract');
  const end = aa.indexOf('   \\keywords');
  const groups = [...aa.slice(start, end).matchAll(/^ {3}\{([^}]*)\}/gm)].map((m) => m[1]!).filter(Boolean);
  return aa.slice(0, start) + layout(`\\begin{abstract}\n${groups.join('\n\n')}\n\\end{abstract}\n`) + aa.slice(end);
}

describe('coverage: the abstract, class by class', () => {
  it('reads all five groups of A&A\'s \\abstract as the abstract, none flagged, scored as the abstract environment is', async () => {
    const sentences = await coverage(aa);
    const abstract = sentences.filter((s) => s.line < aa.split('\n').findIndex((l) => l.includes('\\keywords')));
    assert.equal(abstract.length, 8, 'the four groups\' eight sentences');
    assert.deepEqual(abstract.map((s) => [s.inAbstract, s.needsCitation]), abstract.map(() => [true, false]));
    assert.match(abstract.at(-1)!.text, /^When new GRBs are detected/);
    const asEnv = (await coverage(asEnvironment((env) => env))).filter((s) => s.inAbstract);
    assert.deepEqual(abstract.map((s) => [s.text, s.score]), asEnv.map((s) => [s.text, s.score]));
    assert.ok(sentences.some((s) => !s.inAbstract && /X-ray Telescope/.test(s.text)), 'the introduction is still body prose');
  });

  it('reads the abstract environment as aastex and MNRAS write it, and as elsarticle does inside frontmatter', async () => {
    const layouts = {
      aastex: (env: string) => `${env}\\keywords{Gamma-ray bursts (629)}\n`,
      elsarticle: (env: string) => `\\begin{frontmatter}\n${env}\\begin{keyword}\ngamma rays: bursts \\sep methods\n\\end{keyword}\n\\end{frontmatter}\n`,
    };
    for (const [name, layout] of Object.entries(layouts)) {
      const abstract = (await coverage(asEnvironment(layout))).filter((s) => !/X-ray Telescope|launched/.test(s.text));
      assert.equal(abstract.length, 8, name);
      assert.ok(abstract.every((s) => s.inAbstract && !s.needsCitation), name);
    }
  });
});
