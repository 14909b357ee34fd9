// Loads dist/heavy.js on first use (see heavy.ts); later calls share the same module.
import type { Heavy } from './heavy';

let loading: Promise<Heavy> | undefined;

export function loadHeavy(): Promise<Heavy> {
  loading ??= import('./heavy');
  return loading;
}
