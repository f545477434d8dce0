const DAY_MS = 24 * 60 * 60 * 1000;

const pad = (value: number) => String(value).padStart(2, '0');

/** Dates show as dd/MM/yyyy (Latin digits in both languages, local calendar day). */
export function formatDate(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

export function addDays(value: string | number | Date, days: number): Date {
  const date = value instanceof Date ? value : new Date(value);
  return new Date(date.getTime() + days * DAY_MS);
}
