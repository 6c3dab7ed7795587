import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { toErrorResponse } from '../filters/error-response.js';

/**
 * Runs `check` before a route's body is read, for the routes that take large bodies (a 4 MB proof,
 * a 5 MB schedule import): the body parsers run before the guards, so a stranger could otherwise
 * make the server read megabytes only to be refused. A refusal answers at once in the error
 * envelope and closes the connection instead of reading the rest of the body.
 */
export function beforeBody(check: (request: Request) => unknown, methods: readonly string[] = ['POST', 'PUT']): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    if (!methods.includes(request.method)) return next();
    Promise.resolve()
      .then(() => check(request))
      .then(
        () => next(),
        (error: unknown) => {
          const { status, body } = toErrorResponse(error, request.originalUrl.split('?')[0]!);
          response.setHeader('Connection', 'close');
          response.status(status).json(body);
        },
      );
  };
}
