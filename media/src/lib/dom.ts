// DOM helpers for the webview pages. Every string from a source goes in through textContent
// or setAttribute, never parsed as markup; links are kept only when they are plain http(s) URLs,
// and the host opens them.

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

let api: VsCodeApi | undefined;
export function vscodeApi(): VsCodeApi {
  api ??= acquireVsCodeApi();
  return api;
}

type Child = Node | string | null | undefined | false;

export interface ElementOptions {
  className?: string;
  text?: string;
  attrs?: Record<string, string | undefined>;
}

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  options: ElementOptions = {},
  children: Child[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (options.className) node.className = options.className;
  if (options.text !== undefined) node.textContent = options.text;
  for (const [name, value] of Object.entries(options.attrs ?? {})) {
    if (value !== undefined) node.setAttribute(name, value);
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return node;
}

/** A codicon, hidden from screen readers (the button's text names it). */
export function icon(name: string, extra = ''): HTMLElement {
  return el('span', { className: `codicon codicon-${name} ${extra}`.trim(), attrs: { 'aria-hidden': 'true' } });
}

/** A button whose accessible name is its visible label. */
export function button(
  label: string,
  iconName: string,
  onClick: () => void,
  options: { className?: string; disabled?: boolean; title?: string; ariaLabel?: string; action?: string } = {},
): HTMLButtonElement {
  const node = el(
    'button',
    {
      className: options.className ?? 'button',
      attrs: { type: 'button', title: options.title, 'aria-label': options.ariaLabel, 'data-action': options.action },
    },
    [icon(iconName), el('span', { text: label })],
  );
  node.disabled = options.disabled ?? false;
  node.addEventListener('click', onClick);
  return node;
}

/** The URL if it is a plain http(s) link, else undefined (no javascript:, data:, …). */
export function safeHref(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    const web = parsed.protocol === 'https:' || parsed.protocol === 'http:';
    return web && !parsed.username && !parsed.password ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A link the host opens (after its own check): shown only for a plain http(s) URL, with the URL
 * as its tooltip. It has no href, so neither the page nor VS Code's webview navigates by itself.
 */
export function hostLink(label: string | Node[], url: string | undefined, open: (href: string) => void): HTMLAnchorElement | undefined {
  const href = safeHref(url);
  if (!href) return undefined;
  const node = el('a', { className: 'link', attrs: { role: 'link', tabindex: '0', title: href, 'data-url': href } }, typeof label === 'string' ? [label] : label);
  const activate = (event: Event): void => {
    event.preventDefault();
    open(href);
  };
  node.addEventListener('click', activate);
  node.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') activate(event);
  });
  return node;
}

export function clear(node: Element): void {
  while (node.firstChild) node.firstChild.remove();
}
