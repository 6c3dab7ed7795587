export * from './assignment.js';
export * from './scores.js';
export * from './statistics.js';
export * from './estimate.js';
