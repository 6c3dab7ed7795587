export interface Change {
  /** Dotted path of the value that changed, e.g. 'timeline.juryDeadline'; '' for a plain value. */
  path: string;
  before: unknown;
  after: unknown;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every leaf that differs between two JSON values (lists compare whole), so an entry reads as what changed. */
export function changesBetween(before: unknown, after: unknown, path = ''): Change[] {
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => changesBetween(before[key], after[key], path ? `${path}.${key}` : key));
  }
  if (isPlainObject(before) && (after === null || after === undefined)) return changesBetween(before, {}, path);
  if ((before === null || before === undefined) && isPlainObject(after)) return changesBetween({}, after, path);
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path, before, after }];
}
