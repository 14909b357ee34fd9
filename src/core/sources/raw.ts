// A source's JSON before it is checked: objects are read field by field, never trusted whole.
export type Raw = Record<string, unknown>;

export function isObject(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
