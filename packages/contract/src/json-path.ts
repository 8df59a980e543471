import type { DetailPath, JsonLookup } from './provider-api-types.ts';

/**
 * The one reader of providers' JSON answers (and its mirror writer, which the sandbox uses to
 * answer in each connector's own shape). Paths are dotted; `$` is the value itself.
 */

export interface FoundItem {
  id: string;
  name: string;
  /** What reading the item's reports needs besides its id (the lookup's `details`). */
  details?: Readonly<Record<string, string>>;
}

const MAX_NAME = 200;

/** The value at `path`, reading own properties only (a path can never reach a prototype). */
export function readPath(value: unknown, path: string): unknown {
  if (path === '$') return value;
  let current: unknown = value;
  for (const segment of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    if (!Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** A copy of `target` with `value` set at `path` (objects, or arrays for numeric segments). */
export function writePath(target: unknown, path: string, value: unknown): unknown {
  if (path === '$') return value;
  const [head = '', ...rest] = path.split('.');
  const index = /^\d+$/.test(head) ? Number(head) : undefined;
  if (index !== undefined) {
    const list = Array.isArray(target) ? [...(target as unknown[])] : [];
    list[index] = rest.length ? writePath(list[index], rest.join('.'), value) : value;
    return list;
  }
  const object =
    typeof target === 'object' && target !== null && !Array.isArray(target)
      ? { ...(target as Record<string, unknown>) }
      : {};
  object[head] = rest.length ? writePath(object[head], rest.join('.'), value) : value;
  return object;
}

const asText = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== ''
    ? value.trim()
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : undefined;

/** One item (id and name) read with a lookup; undefined when the id is missing. */
export function readItem(value: unknown, lookup: JsonLookup): FoundItem | undefined {
  const id = asText(readPath(value, lookup.idField));
  if (!id) return undefined;
  const name = lookup.nameField ? asText(readPath(value, lookup.nameField)) : undefined;
  const item: FoundItem = { id, name: (name ?? id).slice(0, MAX_NAME) };
  if (!lookup.details) return item;
  return { ...item, details: readDetails(value, lookup.details) };
}

/**
 * The details where `paths` says (detail name → where), each as trimmed text, a mapped one in
 * our words; missing ones and values the map lacks left out.
 */
export function readDetails(
  value: unknown,
  paths: Readonly<Record<string, DetailPath>>,
): Record<string, string> {
  const details: Record<string, string> = {};
  for (const [key, where] of Object.entries(paths)) {
    const read = asText(readPath(value, detailPath(where)));
    const detail = typeof where === 'string' || read === undefined ? read : where.values[read];
    if (detail !== undefined) details[key] = detail.slice(0, MAX_NAME);
  }
  return details;
}

/** The path of a detail, mapped or not. */
const detailPath = (where: DetailPath): string => (typeof where === 'string' ? where : where.path);

/**
 * A detail as the provider writes it (the mirror of readDetails, for the sandbox): a mapped
 * detail in the provider's first word for it; undefined when the provider has none.
 */
function providerDetail(where: DetailPath, detail: string): string | undefined {
  if (typeof where === 'string') return detail;
  return Object.entries(where.values).find(([, ours]) => ours === detail)?.[0];
}

/**
 * The items of an answer: the list at `listPath` (missing = none), or the answer itself as
 * one item. Items without an id are left out, repeated ids kept once. Undefined when the
 * answer does not have the expected shape.
 */
export function readItems(answer: unknown, lookup: JsonLookup): FoundItem[] | undefined {
  if (lookup.listPath === undefined) {
    const item = readItem(answer, lookup);
    return item ? [item] : [];
  }
  const list = readPath(answer, lookup.listPath);
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) return undefined;
  const seen = new Map<string, FoundItem>();
  for (const entry of list) {
    const item = readItem(entry, lookup);
    if (item && !seen.has(item.id)) seen.set(item.id, item);
  }
  return [...seen.values()];
}

/** Writes an item the way `lookup` reads it (the sandbox's answers). */
export function writeItem(target: unknown, lookup: JsonLookup, item: FoundItem): unknown {
  let result = writePath(target, lookup.idField, item.id);
  if (lookup.nameField && lookup.nameField !== lookup.idField) {
    result = writePath(result, lookup.nameField, item.name);
  }
  for (const [key, where] of Object.entries(lookup.details ?? {})) {
    const detail = item.details?.[key];
    const written = detail === undefined ? undefined : providerDetail(where, detail);
    if (written !== undefined) result = writePath(result, detailPath(where), written);
  }
  return result;
}
