export * from './rules.js';
export * from './build.js';
export * from './figures.js';
export * from './bound.js';
export * from './constraints.js';
export * from './hours-bound.js';
export * from './fill.js';
