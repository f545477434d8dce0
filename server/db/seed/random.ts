// A small seeded generator (mulberry32) so the demo shop is identical on every machine and tests can rely on it.
export interface Random {
  /** float in [0, 1) */
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** `count` distinct items, in the list's order */
  sample<T>(items: readonly T[], count: number): T[];
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick<T>(items: readonly T[]): T {
      const item = items[int(0, items.length - 1)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    chance: (probability: number) => next() < probability,
    sample<T>(items: readonly T[], count: number): T[] {
      const indexes = items.map((_, index) => index);
      for (let i = indexes.length - 1; i > 0; i -= 1) {
        const j = int(0, i);
        [indexes[i], indexes[j]] = [indexes[j] as number, indexes[i] as number];
      }
      return indexes
        .slice(0, Math.min(count, items.length))
        .sort((a, b) => a - b)
        .map((index) => items[index] as T);
    },
  };
}

/**
 * A product's stock, the demo shop's mix: out of stock 8 %, low (1 to 5) 12 %, `usual` (6 to usual) 65 %, plenty
 * (up to `most`) the rest.
 */
export function stockQuantityOf(random: Random, usual: number, most: number): number {
  const roll = random.next();
  return roll < 0.08
    ? 0
    : roll < 0.2
      ? random.int(1, 5)
      : roll < 0.85
        ? random.int(6, usual)
        : random.int(usual + 1, most);
}
