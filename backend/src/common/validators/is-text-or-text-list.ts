import { type ValidationOptions, registerDecorator } from 'class-validator';

/** A list of short texts, as an array or as one comma- or brace-separated string. */
export function IsTextOrTextList(maxItems: number, maxLength: number, options?: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isTextOrTextList',
      target: object.constructor,
      propertyName,
      options: { message: `${propertyName} must be a list of texts (at most ${maxItems})`, ...options },
      validator: {
        validate(value: unknown) {
          if (typeof value === 'string') return value.length <= maxItems * (maxLength + 4);
          return Array.isArray(value) && value.length <= maxItems && value.every((v) => typeof v === 'string' && v.length <= maxLength);
        },
      },
    });
}
