export * from './records.js';
export * from './report-rows.js';
export * from './offline.js';
