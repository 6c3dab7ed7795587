export * from './countries.js';
export * from './languages.js';
export * from './lists.js';
