import { ValidationError, object, type AnyObject } from 'yup';
import type { FieldError } from '@svp/domain';

/**
 * A yup schema whose only test is a rule from domain/: the browser checks exactly what the server
 * checks, written once. Each FieldError becomes a yup error at its path.
 */
export function domainSchema<T extends AnyObject>(rule: (values: T) => FieldError[], pathOf: (field: string) => string = (f) => f) {
  return object<T>().test('domain-rules', function check(values) {
    const problems = rule(values as T);
    if (!problems.length) return true;
    return new ValidationError(problems.map((p) => this.createError({ path: pathOf(p.field), message: p.message })));
  });
}

/** Formik's errors object from a yup ValidationError (nested paths like address.city become nested objects). */
export function toFormikErrors(error: unknown): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  if (!(error instanceof ValidationError)) return errors;
  for (const inner of error.inner.length ? error.inner : [error]) {
    if (!inner.path) continue;
    const parts = inner.path.split('.');
    let node = errors;
    parts.slice(0, -1).forEach((part) => {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    });
    node[parts.at(-1)!] ??= inner.message;
  }
  return errors;
}
