export * from './time.js';
export * from './shifts.js';
export * from './venues.js';
export * from './swaps.js';
export * from './roster.js';
export * from './schedule-messages.js';
export { ASSIGNMENT_LAYOUT, IMPORT_MESSAGES, SHIFT_LAYOUT, checkAssignmentRows, checkShiftRows } from './import-rules.js';
export type {
  AssignmentImportLookups,
  AssignmentToImport,
  CsvLayout,
  CsvRow,
  ImportRowCheck,
  ImportShift,
  ImportVenue,
  ImportVolunteer,
  ShiftImportLookups,
  ShiftToImport,
} from './import-rules.js';
export * from './rule-inputs.js';
export * from './build-preview.js';
