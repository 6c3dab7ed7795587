import type { Static, TSchema } from '@svp/domain/contract';

/** What a route answers, as the OpenAPI document shows it (backend/src/openapi/api-document.ts). */
export interface DocumentedAnswer {
  summary: string;
  /** The success answer's JSON schema, from the wire contract; absent for a file. */
  schema?: TSchema;
  /** The file's media type, for a route that sends a file. */
  file?: string;
  /** Answers the route gives besides its success and the error envelope (e.g. 503 from the health check). */
  also?: Readonly<Record<number, { description: string; schema: TSchema }>>;
  /** The class and the handler, whose metadata (public, roles) the document reads. */
  controller: object;
  handler: unknown;
}

const answers = new Map<string, DocumentedAnswer>();

/** The documented answer of a route by its OpenAPI operation id (`<Controller>_<method>`), or undefined. */
export function documentedAnswer(operationId: string): DocumentedAnswer | undefined {
  return answers.get(operationId);
}

function register(target: object, key: string | symbol, answer: Omit<DocumentedAnswer, 'controller' | 'handler'>, handler: unknown): void {
  const controller = (target as { constructor: object }).constructor;
  answers.set(`${(controller as { name: string }).name}_${String(key)}`, { ...answer, controller, handler });
}

type Handler<Answer> = (...args: never[]) => Answer | Promise<Answer>;

/**
 * Documents the route's success answer with a schema of the wire contract, and makes the compiler
 * hold the handler to it: a handler whose return type is not the schema's type does not compile.
 */
export function Answers<S extends TSchema>(summary: string, schema: S, also?: DocumentedAnswer['also']) {
  return <F extends Handler<Static<S>>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<F>): void =>
    register(target, key, { summary, schema, ...(also ? { also } : {}) }, descriptor.value);
}

/**
 * For a route that writes its JSON answer itself (prebuilt bytes): documented with its schema, which
 * the compiler cannot check here but every API test checks on the wire.
 */
export function AnswersWritten<S extends TSchema>(summary: string, schema: S) {
  return <F extends Handler<void>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<F>): void =>
    register(target, key, { summary, schema }, descriptor.value);
}

/** For a route that sends a file (CSV, PDF, iCalendar) of this media type. */
export function AnswersFile(summary: string, mediaType: string) {
  return <F extends Handler<void>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<F>): void =>
    register(target, key, { summary, file: mediaType }, descriptor.value);
}
