// Keybinding strings compared the way VS Code resolves them: modifiers in any order, chords
// separated by spaces. Shared by the unit test (recorded keymaps) and the in-host test (the
// running VS Code's defaults).

/** `shift+alt+cmd+c` → `alt+cmd+c+shift` (each chord's parts sorted), lower-case. */
export function normaliseKey(key: string): string {
  return key
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .map((chord) => chord.split('+').sort().join('+'))
    .join(' ');
}

/**
 * True when pressing `ours` could reach `theirs` or the other way round: the same keys, or one
 * is the first chord of the other (VS Code then waits for the second chord instead of running ours).
 */
export function keysCollide(ours: string, theirs: string): boolean {
  const a = normaliseKey(ours).split(' ');
  const b = normaliseKey(theirs).split(' ');
  const shorter = Math.min(a.length, b.length);
  return a.slice(0, shorter).join(' ') === b.slice(0, shorter).join(' ');
}
