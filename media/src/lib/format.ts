// Small text formats the results page shows.

export function authorsText(authors: string[]): string {
  if (authors.length === 0) return 'Unknown authors';
  return authors.length > 5 ? `${authors.slice(0, 5).join(', ')}, et al.` : authors.join(', ');
}

export function percent(value: number): string {
  return `${Math.round(value * 100)}%`;
}

export function basename(file: string): string {
  return file.split(/[\\/]/).pop() ?? file;
}
