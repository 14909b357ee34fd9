// The links and images of a Markdown page, and those that point nowhere in the repository. Pages
// are read with markdown-it (what the chat renders with), so a link written inside a code span or
// block is no link, as on GitHub. External http(s) links are not fetched; an image must be a file
// of the repository, since the .vsix and an offline reader have nothing else.
import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';

export interface PageRefs {
  links: string[];
  images: string[];
  /** The GitHub anchors of the page's headings. */
  anchors: Set<string>;
}

export interface DeadReference {
  page: string;
  target: string;
  why: string;
}

const markdown = new MarkdownIt({ html: true });
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

export function readPage(text: string): PageRefs {
  const tokens = markdown.parse(text, {});
  const page: PageRefs = { links: [], images: [], anchors: new Set() };
  const slugs = new Map<string, number>();
  tokens.forEach((token, i) => {
    if (token.type === 'heading_open') page.anchors.add(uniqueSlug(headingText(tokens[i + 1]), slugs));
    for (const child of token.type === 'inline' ? (token.children ?? []) : []) {
      if (child.type === 'link_open') page.links.push(String(child.attrGet('href') ?? ''));
      if (child.type === 'image') page.images.push(String(child.attrGet('src') ?? ''));
    }
  });
  return page;
}

/** GitHub's anchor: the heading's text in lower case, punctuation dropped, spaces as hyphens. */
export function githubSlug(heading: string): string {
  return heading.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
}

function headingText(inline: Token | undefined): string {
  return (inline?.children ?? []).filter((t) => t.type === 'text' || t.type === 'code_inline').map((t) => t.content).join('');
}

/** A second heading with the same slug gets `-1`, a third `-2`, as on GitHub. */
function uniqueSlug(heading: string, seen: Map<string, number>): string {
  const slug = githubSlug(heading);
  const count = seen.get(slug) ?? 0;
  seen.set(slug, count + 1);
  return count ? `${slug}-${count}` : slug;
}

/** Every link and image of `page` (a path relative to `root`) that does not resolve in the repository. */
export function deadReferences(root: string, page: string, text = readFileSync(join(root, page), 'utf8')): DeadReference[] {
  const refs = readPage(text);
  const inRepository = repositoryFiles(root);
  const dead: DeadReference[] = [];
  const report = (target: string, why: string | undefined): void => void (why && dead.push({ page, target, why }));
  for (const link of refs.links) {
    if (!SCHEME.test(link)) report(link, whyDead(root, page, link, refs, inRepository));
  }
  for (const image of refs.images) {
    report(image, SCHEME.test(image) ? 'an image outside the repository' : whyDead(root, page, image, refs, inRepository));
  }
  return dead;
}

function whyDead(root: string, page: string, target: string, refs: PageRefs, inRepository: (file: string) => boolean): string | undefined {
  const [pathPart, anchor] = splitAnchor(target);
  if (!pathPart) return anchor === undefined || refs.anchors.has(anchor) ? undefined : `no heading #${anchor} on this page`;
  const file = pathPart.startsWith('/') ? join(root, pathPart) : resolve(root, dirname(page), pathPart);
  if (!inRepository(file)) return 'no such file in the repository';
  if (anchor === undefined || !file.endsWith('.md')) return undefined;
  return readPage(readFileSync(file, 'utf8')).anchors.has(anchor) ? undefined : `no heading #${anchor} in ${relative(root, file)}`;
}

function splitAnchor(target: string): [string, string | undefined] {
  const hash = target.indexOf('#');
  const path = decodeURI((hash < 0 ? target : target.slice(0, hash)).replace(/\?.*$/, ''));
  return [path, hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1))];
}

/**
 * Whether a path is a file or folder of the repository: inside `root`, present, and not under
 * what .gitignore keeps out (its plain names at any depth, and `*.ext` patterns), so a link to
 * a build output that exists only locally still counts as dead.
 */
function repositoryFiles(root: string): (file: string) => boolean {
  const ignore = existsSync(join(root, '.gitignore')) ? readFileSync(join(root, '.gitignore'), 'utf8').split('\n') : [];
  const names = ignore.map((l) => l.trim().replace(/\/$/, '')).filter((l) => l && !l.startsWith('#') && !l.startsWith('!'));
  const ignored = (part: string): boolean =>
    names.some((name) => (name.startsWith('*.') ? part.endsWith(name.slice(1)) : part === name));
  return (file) => {
    const inside = relative(root, file);
    if (inside.startsWith('..') || isAbsolute(inside)) return false;
    return existsSync(file) && !inside.split(/[\\/]/).some(ignored);
  };
}
