export * from './audience.js';
export * from './merge-fields.js';
export * from './schedule-fields.js';
export * from './views.js';
export * from './markdown-limits.js';
export * from './team-limit.js';
export * from './notifications.js';
