export * from './records.js';
export * from './report-rows.js';
