// Deterministic pseudo-random choices for the benchmarks' data (the domain's seededRandom, mulberry32):
// the same seed gives the same data, so every run seeds the same applicants, schedules and editions.
import { seededRandom } from '../../../domain/dist/random/seeded-random.js';

export function random(seed) {
  const { next, below } = seededRandom(seed);
  return {
    next,
    /** A whole number from min to max, both included. */
    int: (min, max) => min + below(max - min + 1),
    pick: (list) => list[below(list.length)],
    chance: (p) => next() < p,
    /** An index drawn with the given weights. */
    weighted: (weights) => {
      let r = next() * weights.reduce((a, b) => a + b, 0);
      for (let i = 0; i < weights.length; i++) if ((r -= weights[i]) < 0) return i;
      return weights.length - 1;
    },
  };
}
