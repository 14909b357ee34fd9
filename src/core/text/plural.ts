// A count and its noun as a reader says them: "1 file", "17 sentences", never "17 sentence(s)".
// Messages that give a count go through here, so every one reads the same way.

/**
 * `count` followed by `noun`, or by its plural when `count` is not exactly 1 ("0 sentences",
 * "1 sentence", "2 sentences"). The plural is `noun` + "s" unless `pluralForm` is given, for a
 * noun that forms it otherwise ("1 entry", "3 entries").
 */
export function plural(count: number, noun: string, pluralForm = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : pluralForm}`;
}
