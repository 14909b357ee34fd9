// The webview shell's CSP and escaping, and a guard that the page code never parses data as HTML.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { contentSecurityPolicy, escapeHtml, makeNonce, renderWebviewShell } from '../../../src/vscode/webviewHtml';

const CSP_SOURCE = 'https://file+.vscode-resource.vscode-cdn.net';

describe('webview shell', () => {
  it('allows scripts only with the nonce, styles and fonts only from the extension', () => {
    const csp = contentSecurityPolicy(CSP_SOURCE, 'abc123');
    assert.match(csp, /^default-src 'none'; /);
    assert.match(csp, /script-src 'nonce-abc123'(;|$)/);
    assert.match(csp, new RegExp(`style-src ${CSP_SOURCE.replace(/[.+]/g, '\\$&')}(;|$)`));
    assert.match(csp, new RegExp(`font-src ${CSP_SOURCE.replace(/[.+]/g, '\\$&')}(;|$)`));
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|\*/);
  });

  it('makes a fresh, attribute-safe nonce each time', () => {
    const a = makeNonce();
    assert.match(a, /^[A-Za-z0-9]{16,}$/);
    assert.notEqual(a, makeNonce());
  });

  it('escapes everything interpolated into the shell', () => {
    assert.equal(escapeHtml(`<img src=x onerror="alert('1')">&`), '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;');
    const html = renderWebviewShell({
      title: '<script>alert(1)</script>',
      cspSource: CSP_SOURCE,
      nonce: 'n0nce',
      scriptUri: 'https://x/"onload="alert(1)',
      styleUris: ['https://x/a.css'],
      placeholder: '<b>wait</b>',
    });
    assert.equal((html.match(/<script/g) ?? []).length, 1, 'only our script tag');
    assert.match(html, /<script nonce="n0nce" src="https:\/\/x\/&quot;onload=&quot;alert\(1\)"><\/script>/);
    assert.doesNotMatch(html, /<b>wait/);
    assert.doesNotMatch(html, /\son[a-z]+=/i, 'no inline handlers');
  });
});

describe('webview page code', () => {
  const dir = path.resolve('media/src');
  const files = [...readdirSync(dir), ...readdirSync(path.join(dir, 'lib')).map((f) => path.join('lib', f))].filter((f) => f.endsWith('.ts'));

  it('never parses strings as HTML or code', () => {
    assert.ok(files.length >= 3);
    for (const file of files) {
      const source = readFileSync(path.join(dir, file), 'utf8');
      assert.doesNotMatch(source, /innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function|srcdoc/, file);
      assert.doesNotMatch(source, /\.on[a-z]+\s*=/, `${file}: use addEventListener, not on* properties`);
    }
  });
});
