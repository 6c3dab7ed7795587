export * from './consents.js';
export * from './erasure.js';
export * from './retention.js';
