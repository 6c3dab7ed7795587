/**
 * A cell a spreadsheet would read as a formula (=, +, -, @, a tab or a carriage return first) gets a
 * leading apostrophe, so an exported name or answer is never run as one.
 */
export function defuseFormula(value: unknown): unknown {
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
