// The README and docs/ link only to what the repository holds (issue #33, "Bad input"): every
// relative link names a file that exists, every anchor a heading of its page, every image a file
// of the repository. External http(s) links are not fetched.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT as ROOT } from '../../helpers/paths';
import { deadReferences, githubSlug, readPage } from '../../helpers/markdownLinks';

/** README.md, models/README.md and every page under docs/, as paths relative to the repository. */
function pages(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
  return ['README.md', 'models/README.md', ...docs.sort()];
}

describe('links of the README and docs/', () => {
  it('finds the pages: the README and at least the measurements, CLI and settings pages', () => {
    assert.ok(['docs/measurements.md', 'docs/cli.md', 'docs/settings.md'].every((page) => pages().includes(page)), pages().join(', '));
  });

  for (const page of pages()) {
    it(`${page}: every relative link, anchor and image resolves in the repository`, () => {
      const dead = deadReferences(ROOT, page).map((d) => `${d.target}: ${d.why}`);
      assert.deepEqual(dead, []);
    });
  }

  it('reports a dead file, a missing image, an external image and missing anchors; code and http links pass', () => {
    const page = [
      '# A heading', '',
      '[gone](docs/no-such-page.md) ![missing](media/screenshots/none.png) ![far](https://example.org/x.png)',
      '[here](#a-heading) [nowhere](#no-such-heading) [there](docs/settings.md#no-such-heading)',
      '[tour](docs/tour.md#what-each-step-shows) [start](README.md#the-offline-tour) [web](https://arxiv.org/abs/1805.02262)',
      '[built](dist/cli.js) `[code](no-such-file.md)`', '',
      '```', '[block](no-such-file.md)', '```',
    ].join('\n');
    assert.deepEqual(deadReferences(ROOT, 'README.md', page), [
      { page: 'README.md', target: 'docs/no-such-page.md', why: 'no such file in the repository' },
      { page: 'README.md', target: '#no-such-heading', why: 'no heading #no-such-heading on this page' },
      { page: 'README.md', target: 'docs/settings.md#no-such-heading', why: 'no heading #no-such-heading in docs/settings.md' },
      { page: 'README.md', target: 'dist/cli.js', why: 'no such file in the repository' },
      { page: 'README.md', target: 'media/screenshots/none.png', why: 'no such file in the repository' },
      { page: 'README.md', target: 'https://example.org/x.png', why: 'an image outside the repository' },
    ]);
  });

  it('resolves a page in docs/ against its own folder', () => {
    assert.deepEqual(deadReferences(ROOT, 'docs/cli.md', '[settings](settings.md) [readme](../README.md#the-map) [wrong](README.md)'), [
      { page: 'docs/cli.md', target: 'README.md', why: 'no such file in the repository' },
    ]);
  });

  it('makes anchors as GitHub does: code kept, punctuation dropped, repeats numbered', () => {
    assert.equal(githubSlug('The offline demo: what npm start -- --offline shows'), 'the-offline-demo-what-npm-start------offline-shows');
    assert.equal(githubSlug('Why "supports" stays under 0.9 — on dev'), 'why-supports-stays-under-09--on-dev');
    assert.deepEqual([...readPage('# Routing\n\n## Routing\n\n## `find` --json').anchors], ['routing', 'routing-1', 'find---json']);
  });
});
