import type { NextFunction, Request, Response } from 'express';
import { AppException } from '../errors/app.exception.js';

/** Deeper than any body the API takes (an application's answers are four levels deep). */
export const MAX_JSON_DEPTH = 32;
/** More than any body the API takes holds (an application has a few hundred values; a CSV import is one string). */
export const MAX_JSON_VALUES = 50_000;

export const BODY_MESSAGES = {
  tooDeep: `The request body is nested more than ${MAX_JSON_DEPTH} levels deep; send the fields the call takes.`,
  tooMany: `The request body holds more than ${MAX_JSON_VALUES.toLocaleString('en-US')} values; send the fields the call takes.`,
  notText: (field: string) => `${field} holds text that is not valid Unicode (a lone surrogate); send it as UTF-8 text.`,
} as const;

/**
 * Whether a text holds a lone surrogate (a high one not followed by a low one, or a low one not
 * preceded by a high one): String.prototype.isWellFormed (ES2024, Node 20), a native scan that costs a
 * fraction of the regular expression it replaced on an application's 9 KB of essays.
 */
const hasLoneSurrogate = (text: string): boolean => !(text as string & { isWellFormed(): boolean }).isWellFormed();

export type BodyProblem = { kind: 'tooDeep' } | { kind: 'tooMany' } | { kind: 'notText'; field: string };

/** A value met on the walk; its dotted path is only spelled out for the one that is refused. */
interface Step {
  value: unknown;
  depth: number;
  parent: Step | null;
  key: string;
}

const pathOf = (step: Step | null): string => {
  const keys: string[] = [];
  for (let at = step; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.') || 'body';
};

/**
 * What makes a parsed JSON body unusable whatever the call: nesting deeper than `limit`, more values
 * than MAX_JSON_VALUES, or a string (value or key) that is not well-formed Unicode. Walked without
 * recursion, so without running out of stack, and in time bounded by MAX_JSON_VALUES.
 */
export function bodyProblem(value: unknown, limit = MAX_JSON_DEPTH): BodyProblem | null {
  const pending: Step[] = [{ value, depth: 0, parent: null, key: '' }];
  let seen = 0;
  while (pending.length) {
    const step = pending.pop()!;
    const current = step.value;
    if (typeof current === 'string') {
      if (hasLoneSurrogate(current)) return { kind: 'notText', field: pathOf(step) };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (step.depth >= limit) return { kind: 'tooDeep' };
    for (const key in current) {
      if (++seen > MAX_JSON_VALUES) return { kind: 'tooMany' };
      if (hasLoneSurrogate(key)) return { kind: 'notText', field: pathOf(step) };
      const child = (current as Record<string, unknown>)[key];
      if (typeof child === 'string' || (child !== null && typeof child === 'object'))
        pending.push({ value: child, depth: step.depth + 1, parent: step, key });
    }
  }
  return null;
}

/**
 * Refuses, before anything walks it, a JSON body nested too deep (validation and transformation are
 * recursive: thousands of levels exhausted the stack, a 500 the fuzz tests found), one with more
 * values than any call takes (validating hundreds of thousands of values took seconds of CPU), or
 * one carrying text that is not valid Unicode (no field of the portal can hold it: refused at the
 * door, naming the field).
 */
export function bodyGuard(request: Request, _response: Response, next: NextFunction): void {
  if (request.body === null || typeof request.body !== 'object' || Buffer.isBuffer(request.body)) return next();
  const problem = bodyProblem(request.body);
  if (!problem) return next();
  if (problem.kind !== 'notText') return next(AppException.badRequest(BODY_MESSAGES[problem.kind]));
  const message = BODY_MESSAGES.notText(problem.field);
  next(AppException.badRequest(message, { [problem.field]: message }));
}
