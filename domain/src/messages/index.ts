export * from './audience.js';
export * from './merge-fields.js';
export * from './schedule-fields.js';
export * from './views.js';
