/** Declared once, as wire shapes, in domain/src/contract/admin.ts. */
export type { AuditReferences, ShiftReference } from './contract/admin.js';
