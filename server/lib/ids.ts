import { NotFound } from './domainErrors';

/** A positive 32-bit id from a path segment, or null (callers answer 404: an id that cannot exist is unknown). */
export function parseId(value: unknown): number | null {
  if (typeof value === 'number')
    return Number.isInteger(value) && value > 0 && value <= 2_147_483_647 ? value : null;
  if (typeof value !== 'string' || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * What `load` finds for the id in a path segment, or NotFound(message, code): an id that cannot exist is as unknown
 * as one nobody has. `load` answers undefined or null for none.
 */
export async function foundById<T>(
  idText: unknown,
  load: (id: number) => Promise<T | null | undefined>,
  message: string,
  code?: string,
): Promise<T> {
  const id = parseId(idText);
  const found = id === null ? undefined : await load(id);
  if (found === undefined || found === null) throw new NotFound(message, code);
  return found;
}
