export * from './time.js';
export * from './shifts.js';
export * from './venues.js';
export * from './swaps.js';
export * from './roster.js';
