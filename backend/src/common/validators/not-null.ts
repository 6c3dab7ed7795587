import { Transform } from 'class-transformer';
import { IsDefined, ValidateIf } from 'class-validator';

export const nullMessage = (field: string) => `${field} cannot be null: send a value, or leave ${field} out to keep it as it is`;

/**
 * A field that may be left out but not sent as null, which the record cannot hold (an update sending
 * `{"name": null}` was a 500 when the database refused it). Put it in place of `@IsOptional()`.
 */
export function OptionalNotNull(field: string): PropertyDecorator {
  const decorators = [ValidateIf((_object: unknown, value: unknown) => value !== undefined), IsDefined({ message: nullMessage(field) })];
  return (target, key) => decorators.forEach((decorate) => decorate(target, key));
}

/** Optional text stored as '' when empty: null, which react-admin sends for a cleared input, means ''. */
export const NullAsEmptyText = () => Transform(({ value }) => (value === null ? '' : value));
