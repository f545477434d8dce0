/** A positive 32-bit id from a path segment, or null (callers answer 404: an id that cannot exist is unknown). */
export function parseId(value: unknown): number | null {
  if (typeof value === 'number')
    return Number.isInteger(value) && value > 0 && value <= 2_147_483_647 ? value : null;
  if (typeof value !== 'string' || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
