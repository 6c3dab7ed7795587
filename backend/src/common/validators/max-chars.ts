import { type ValidationOptions, registerDecorator } from 'class-validator';

/**
 * The length of a text as MySQL and MariaDB count it in a utf8mb4 VARCHAR(n): in code points. An
 * emoji is one, and a variation selector or a combining mark is one more. class-validator's
 * MaxLength does not count variation selectors at all, so 100 letters each followed by U+FE0F pass
 * MaxLength(100) and then do not fit a VARCHAR(100).
 */
export function charCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** At most `max` characters as the database counts them (see charCount); anything but text is refused, as MaxLength does. */
export function MaxChars(max: number, options?: ValidationOptions): PropertyDecorator {
  return (object, propertyName) =>
    registerDecorator({
      name: 'maxChars',
      target: object.constructor,
      propertyName: String(propertyName),
      constraints: [max],
      options: { message: `${String(propertyName)} must be at most ${max} characters`, ...options },
      validator: {
        validate: (value: unknown) => typeof value === 'string' && charCount(value) <= max,
      },
    });
}
