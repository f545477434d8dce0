export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/** Pages within 2 of the current plus the first and last, with ellipses where pages are skipped. */
export function pageWindow(current: number, total: number, radius = 2): PageItem[] {
  if (total <= 1) return total === 1 ? [1] : [];
  const page = Math.min(Math.max(1, current), total);
  const from = Math.max(1, page - radius);
  const to = Math.min(total, page + radius);
  const items: PageItem[] = [];
  if (from > 1) items.push(1);
  if (from > 2) items.push('ellipsis-start');
  for (let n = from; n <= to; n += 1) items.push(n);
  if (to < total - 1) items.push('ellipsis-end');
  if (to < total) items.push(total);
  return items;
}
