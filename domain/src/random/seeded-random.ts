/**
 * A seeded pseudo-random source (mulberry32): the same seed gives the same sequence on every platform.
 * Shared by the jury's assignment and the schedule builder, which break ties with it.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** A whole number in [0, bound). */
  below(bound: number): number;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, below: (bound) => Math.floor(next() * bound) };
}

/** Fisher–Yates, in place. */
export function shuffle<T>(items: T[], random: Random): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = random.below(i + 1);
    const swap = items[i]!;
    items[i] = items[j]!;
    items[j] = swap;
  }
  return items;
}
