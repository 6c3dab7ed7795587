import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { AppException, type FieldErrors } from '../errors/app.exception.js';

// When a value breaks several rules, name the most basic one: a wrong type before a wrong length.
const FIRST_CONSTRAINTS = [
  'whitelistValidation',
  'isDefined',
  'isString',
  'isBoolean',
  'isInt',
  'isNumber',
  'isArray',
  'isObject',
  'nestedValidation',
  'isNotEmpty',
];

/** Flattens class-validator's tree into `{ "a.b": "message" }`, one message per field. */
export function flattenValidationErrors(errors: ValidationError[], prefix = ''): FieldErrors {
  const out: FieldErrors = {};
  for (const error of errors) {
    const path = prefix ? `${prefix}.${error.property}` : error.property;
    const constraints = error.constraints ?? {};
    const first = FIRST_CONSTRAINTS.find((key) => key in constraints) ?? Object.keys(constraints)[0];
    if (first === 'whitelistValidation') out[path] = `${path} is not a known field; remove it`;
    else if (first) out[path] = constraints[first]!;
    if (error.children?.length) Object.assign(out, flattenValidationErrors(error.children, path));
  }
  return out;
}

/** Strict edge validation: unknown fields are refused, types converted, every failure named. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    forbidUnknownValues: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const fieldErrors = flattenValidationErrors(errors);
      const problems = Object.values(fieldErrors);
      const message = problems.length === 1 ? problems[0]! : `Please correct these fields: ${problems.join('; ')}`;
      return AppException.badRequest(message, fieldErrors);
    },
  });
}
