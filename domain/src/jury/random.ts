/**
 * The seeded random source now lives in random/seeded-random.ts, shared by the jury and the schedule
 * builder. This file only forwards it for the builder's build-state.ts, whose import moves there next;
 * then this file goes.
 */
export { type Random, seededRandom, shuffle } from '../random/seeded-random.js';
