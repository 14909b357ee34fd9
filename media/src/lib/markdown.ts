// Chat answers as Markdown, built into DOM nodes from markdown-it's tokens — never through an
// HTML string. markdown-it runs with `html: false` (any markup in an answer stays text), links
// pass its validation only when they are plain http(s) URLs and open through the host, images
// are shown as their text, and only an allow-listed set of elements is ever created.
import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import { el, hostLink, safeHref } from './dom';

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });
// Links (and autolinks) with any other scheme are left as plain text by the parser itself.
markdown.validateLink = (url: string): boolean => safeHref(url) !== undefined;

/** Elements an answer may produce; anything else markdown-it emits becomes a <span>. */
const ALLOWED = new Set([
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'em', 'strong', 's',
  'hr', 'br', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
]);

export interface MarkdownOptions {
  /** Asks the host to open a link (it checks it again). */
  openLink(url: string): void;
  /** Puts plain text into `parent`, e.g. with [n] references marked up. */
  text(parent: Node, text: string): void;
}

function element(tag: string): HTMLElement {
  return document.createElement(ALLOWED.has(tag) ? tag : 'span');
}

/** The nodes of `source` rendered as Markdown. */
export function renderMarkdown(source: string, options: MarkdownOptions): DocumentFragment {
  const root = document.createDocumentFragment();
  const stack: Node[] = [root];
  const top = (): Node => stack[stack.length - 1]!;
  for (const token of markdown.parse(source, {})) {
    if (token.type === 'inline') renderInline(token.children ?? [], top(), options);
    else if (token.hidden) continue; // the <p> of a tight list item
    else if (token.nesting === 1) {
      const node = element(token.tag);
      const start = attribute(token, 'start');
      if (token.tag === 'ol' && /^\d{1,6}$/.test(start)) node.setAttribute('start', start);
      alignCell(token, node);
      top().appendChild(node);
      stack.push(node);
    } else if (token.nesting === -1) {
      if (stack.length > 1) stack.pop();
    } else if (token.type === 'fence' || token.type === 'code_block') {
      top().appendChild(el('pre', {}, [el('code', { text: token.content })]));
    } else if (token.type === 'hr') top().appendChild(element('hr'));
    else if (token.content) options.text(top(), token.content); // html_block and the like: text only
  }
  return root;
}

function renderInline(tokens: Token[], parent: Node, options: MarkdownOptions): void {
  const stack: Node[] = [parent];
  const top = (): Node => stack[stack.length - 1]!;
  for (const token of tokens) {
    switch (token.type) {
      case 'text':
      case 'html_inline':
        options.text(top(), token.content);
        break;
      case 'code_inline':
        top().appendChild(el('code', { text: token.content }));
        break;
      case 'softbreak':
        top().appendChild(document.createTextNode('\n'));
        break;
      case 'hardbreak':
        top().appendChild(element('br'));
        break;
      case 'image':
        // No images: a model's answer has no business loading anything; its text is kept.
        options.text(top(), token.content || attribute(token, 'alt'));
        break;
      case 'link_open': {
        const href = attribute(token, 'href');
        const link = hostLink([], href, options.openLink) ?? element('span');
        top().appendChild(link);
        stack.push(link);
        break;
      }
      default:
        if (token.nesting === 1) {
          const node = element(token.tag);
          top().appendChild(node);
          stack.push(node);
        } else if (token.nesting === -1) {
          if (stack.length > 1) stack.pop();
        } else if (token.content) options.text(top(), token.content);
    }
  }
}

function attribute(token: Token, name: string): string {
  const value = token.attrGet(name);
  return value === null || value === undefined ? '' : String(value);
}

/** Table cell alignment as a class: inline styles are blocked by the page's CSP. */
function alignCell(token: Token, node: HTMLElement): void {
  const style = attribute(token, 'style');
  const align = /text-align:\s*(left|right|center)/.exec(style)?.[1];
  if (align && (token.tag === 'th' || token.tag === 'td')) node.classList.add(`align-${align}`);
}
