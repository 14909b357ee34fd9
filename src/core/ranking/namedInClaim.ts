// The card line of a work whose authors the claim names (ranking/namedAuthors.ts): the panel and the
// CLI say it in the same words. A file of its own so the webview's bundle takes no name tables.

/** "by Hans van Halteren, named in the claim"; "by Spence Green and Christopher D. Manning, …". */
export function namedInClaimText(authors: readonly string[]): string {
  const names = authors.length > 1 ? `${authors.slice(0, -1).join(', ')} and ${authors.at(-1)}` : (authors[0] ?? '');
  return `by ${names}, named in the claim`;
}
