import { COUNTRIES, MONTHS, type Option } from '@svp/domain';

/** The label of a stored option value, or the value itself when the list does not know it. */
export function optionLabel<V extends string | number>(options: readonly Option<V>[], value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  return options.find((option) => option.value === value)?.label ?? String(value);
}

export const countryName = (code: unknown) => COUNTRIES.find((c) => c.code === code)?.name ?? (typeof code === 'string' ? code : '');

export const graduation = (month: unknown, year: unknown) => [optionLabel(MONTHS, month), year ?? ''].filter(Boolean).join(' ');

export const years = (list: unknown) => (Array.isArray(list) ? list.join(', ') : '');
