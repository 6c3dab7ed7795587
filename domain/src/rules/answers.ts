import { COUNTRIES } from '../options/countries.js';
import { FINANCIAL_SITUATIONS, MONTHS, type Option, REFERENCE_TYPES, TRANSPORTS } from '../options/lists.js';
import type { ApplicationField } from './application.js';

/** The answers stored as a value of an option list, with the list that names them. */
const OPTION_ANSWERS: Partial<Record<ApplicationField, readonly Option<string | number>[]>> = {
  expectedGraduationMonth: MONTHS,
  firstReferenceType: REFERENCE_TYPES,
  secondReferenceType: REFERENCE_TYPES,
  financialSituation: FINANCIAL_SITUATIONS,
  primaryTransport: TRANSPORTS,
};

const COUNTRY_NAMES = new Map(COUNTRIES.map((country) => [country.code, country.name]));

/** The name of a country code, or the code itself when the list does not know it. */
export function countryName(code: string): string {
  return COUNTRY_NAMES.get(code) ?? code;
}

function labelOf(options: readonly Option<string | number>[], value: unknown): string {
  return options.find((option) => option.value === value)?.label ?? String(value);
}

/**
 * An answer of the application as a person reads it: labels instead of stored values (countries by
 * name, reference types, months, transport, financial situations), Yes/No, lists joined with '; ',
 * and '' for no answer.
 */
export function answerText(field: ApplicationField, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field === 'schoolCountry' && typeof value === 'string') return countryName(value);
  const options = OPTION_ANSWERS[field];
  if (Array.isArray(value)) return value.map((item) => (options ? labelOf(options, item) : String(item))).join('; ');
  if (options) return labelOf(options, value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
