// Reading a model's answer about a numbered list (passages, sentences): models put the list under
// any key, key the items by number ({"1": {...}}), or give a bare list in prompt order, and they
// invent numbers. Only items 1..count are kept, the first of each.

export type AnswerItem = Record<string, unknown>;

/**
 * The items the model gave, each with the 0-based index of what it is about. An item `usable`
 * rejects (no readable score) does not take its number: a later one about the same may.
 */
export function numberedItems(
  answer: unknown,
  count: number,
  indexKeys: readonly string[],
  usable: (item: AnswerItem) => boolean = () => true,
): { index: number; item: AnswerItem }[] {
  const seen = new Set<number>();
  const items: { index: number; item: AnswerItem }[] = [];
  listedItems(answer).forEach(([key, item], position) => {
    const index = readIndex(item, indexKeys, key, position);
    if (index === undefined || index < 0 || index >= count || seen.has(index) || !usable(item)) return;
    seen.add(index);
    items.push({ index, item });
  });
  return items;
}

/** The item's reason in at most `maxWords` words; 'no reason given' when it has none. */
export function readReason(item: AnswerItem, maxWords: number): string {
  const raw = item.reason ?? item.explanation ?? item.rationale ?? item.summary;
  const words = (typeof raw === 'string' ? raw : '').replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  if (words.length === 0) return 'no reason given';
  return words.length > maxWords ? words.slice(0, maxWords).join(' ') + '…' : words.join(' ');
}

const isItem = (v: unknown): v is AnswerItem => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The list of per-item objects, wherever the model put it; with the key it sat under. */
function listedItems(answer: unknown): [string | undefined, AnswerItem][] {
  if (Array.isArray(answer)) return answer.filter(isItem).map((item) => [undefined, item]);
  if (!isItem(answer)) return [];
  const list = Object.values(answer).find((v) => Array.isArray(v) && v.some(isItem));
  if (Array.isArray(list)) return list.filter(isItem).map((item) => [undefined, item]);
  // {"1": {...}, "2": {...}}: keyed by number.
  return Object.entries(answer).filter((e): e is [string, AnswerItem] => /^\D{0,10}\d+\]?$/.test(e[0]) && isItem(e[1]));
}

function readIndex(item: AnswerItem, keys: readonly string[], key: string | undefined, position: number): number | undefined {
  const raw = keys.map((k) => item[k]).find((v) => v !== undefined) ?? key;
  if (raw === undefined) return position; // a bare list in prompt order
  const match = /\d+/.exec(String(raw));
  return match ? Number(match[0]) - 1 : undefined;
}
