// Loads dist/heavy.js on first use (see heavy.ts); later calls share the same module.
// A plain require, not import(): the built extension is CommonJS, and require resolves
// `./heavy` next to dist/extension.js without ESM's extension rules.
export type Heavy = typeof import('./heavy');

let heavy: Heavy | undefined;

export async function loadHeavy(): Promise<Heavy> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  heavy ??= require('./heavy') as Heavy;
  return heavy;
}
