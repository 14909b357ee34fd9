// The host opens only plain http(s) links, and builds a paper's links from its own record.
import assert from 'node:assert/strict';
import type { Candidate } from '../../../src/core/types';
import { paperLink, webLink } from '../../../src/webview/links';

const record = (fields: Partial<Candidate>): Candidate =>
  ({ id: 'x', source: 'arxiv', sources: ['arxiv'], title: 'T', authors: [], retrievalScore: 0, ...fields }) as Candidate;

describe('links the host opens', () => {
  it('accepts http and https, nothing else', () => {
    assert.equal(webLink('https://arxiv.org/abs/1706.03762'), 'https://arxiv.org/abs/1706.03762');
    assert.equal(webLink(' http://example.org/a b '), 'http://example.org/a%20b');
    for (const hostile of [
      'javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'data:text/html,<script>alert(1)</script>',
      'vbscript:x', 'file:///etc/passwd', 'command:workbench.action.terminal.new', 'vscode://settings', 'mailto:a@b.c',
      '//evil.example/x', '/relative', 'https://arxiv.org@evil.example/', 'https://user:pass@example.org/', '', undefined,
    ]) {
      assert.equal(webLink(hostile), undefined, String(hostile));
    }
  });

  it("builds a paper's links from the record and drops a hostile one", () => {
    const paper = record({ arxivId: '1706.03762', doi: '10.1086/307221', url: 'javascript:alert(1)', pdfUrl: 'javascript:alert(2)' });
    assert.equal(paperLink(paper, 'arxiv'), 'https://arxiv.org/abs/1706.03762');
    assert.equal(paperLink(paper, 'doi'), 'https://doi.org/10.1086/307221');
    assert.equal(paperLink(paper, 'pdf'), undefined);
    assert.equal(paperLink(paper, 'page'), 'https://doi.org/10.1086/307221', 'the page falls back past the hostile url');
    assert.equal(paperLink(record({}), 'page'), undefined);
  });
});
