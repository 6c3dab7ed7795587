import { ParseIntPipe } from '@nestjs/common';
import { AppException } from '../errors/app.exception.js';

/** A route parameter that must be a whole number; anything else is 400 naming the parameter. */
export const wholeNumber = (name: string) =>
  new ParseIntPipe({
    exceptionFactory: () => AppException.badRequest(`${name} must be a whole number`, { [name]: `${name} must be a whole number` }),
  });

/** The `:id` of a route: a whole number, or 400 naming `id`. */
export const idPipe = wholeNumber('id');
