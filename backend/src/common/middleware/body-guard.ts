import type { NextFunction, Request, Response } from 'express';
import { AppException } from '../errors/app.exception.js';

/** Deeper than any body the API takes (an application's answers are four levels deep). */
export const MAX_JSON_DEPTH = 32;

export const BODY_MESSAGES = {
  tooDeep: `The request body is nested more than ${MAX_JSON_DEPTH} levels deep; send the fields the call takes.`,
  notText: (field: string) => `${field} holds text that is not valid Unicode (a lone surrogate); send it as UTF-8 text.`,
} as const;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const wellFormed = (text: string): boolean => !LONE_SURROGATE.test(text);

export type BodyProblem = { kind: 'tooDeep' } | { kind: 'notText'; field: string };

/**
 * What makes a parsed JSON body unusable whatever the call: nesting deeper than `limit`, or a string
 * (value or key) that is not well-formed Unicode. Walked without recursion, so without running out of stack.
 */
export function bodyProblem(value: unknown, limit = MAX_JSON_DEPTH): BodyProblem | null {
  const pending: [unknown, number, string][] = [[value, 0, '']];
  while (pending.length) {
    const [current, depth, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (!wellFormed(current)) return { kind: 'notText', field: path || 'body' };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= limit) return { kind: 'tooDeep' };
    for (const [key, child] of Object.entries(current)) {
      const at = path ? `${path}.${key}` : key;
      if (!wellFormed(key)) return { kind: 'notText', field: path || 'body' };
      if (typeof child === 'string' || (child !== null && typeof child === 'object')) pending.push([child, depth + 1, at]);
    }
  }
  return null;
}

/** Whether `value` holds arrays or objects nested deeper than `limit`. */
export const nestedDeeperThan = (value: unknown, limit: number): boolean => bodyProblem(value, limit)?.kind === 'tooDeep';

/**
 * Refuses, before anything walks it, a JSON body nested too deep (validation and transformation are
 * recursive: thousands of levels exhausted the stack) or carrying text that is not valid Unicode (a
 * lone surrogate made the mailer throw). Both were 500s found by the fuzz tests.
 */
export function bodyGuard(request: Request, _response: Response, next: NextFunction): void {
  if (request.body === null || typeof request.body !== 'object' || Buffer.isBuffer(request.body)) return next();
  const problem = bodyProblem(request.body);
  if (!problem) return next();
  const message = problem.kind === 'tooDeep' ? BODY_MESSAGES.tooDeep : BODY_MESSAGES.notText(problem.field);
  next(AppException.badRequest(message, problem.kind === 'notText' ? { [problem.field]: message } : undefined));
}
