import { type ArgumentMetadata, createParamDecorator, type ExecutionContext, type PipeTransform, type Type } from '@nestjs/common';
import { IsOptional, IsString, Matches } from 'class-validator';
import { MaxChars } from './validators/max-chars.js';
import type { AdminListQuery, Holds, SameShape } from '@svp/domain/contract';
import type { Request, Response } from 'express';
import { AppException, type FieldErrors } from './errors/app.exception.js';
import { createValidationPipe } from './pipes/validation.pipe.js';

/** A react-admin list request (ra-data-simple-rest): `?filter={}&range=[0,24]&sort=["field","ASC"]`. */
export interface ListQuery<F extends object = Record<string, unknown>> {
  /** Only the keys the list declares, each of its kind (see `filterOf`); keys it does not declare are left out. */
  filter: F;
  offset: number;
  limit: number;
  sort: { field: string; order: 'ASC' | 'DESC' };
}

/**
 * How one key of a list's filter is read. `read` answers the value to filter on (`undefined`: no
 * filter), or, for a value of the wrong kind, what it must be ("must be text"), which the refusal
 * puts after `filter.<key>`. `schema` is the JSON Schema the API document shows for the key.
 */
export interface FilterKind<T> {
  read(value: unknown): { value: T | undefined } | { problem: string };
  schema: Record<string, unknown>;
}

/** Each key a list's filter takes, with its kind. */
export type FilterSpec = Record<string, FilterKind<unknown>>;

/** The filter a list's services read: each declared key, when given, as its kind reads it; and the edition. */
export type FilterValues<S extends FilterSpec> = { [K in keyof S]?: S[K] extends FilterKind<infer T> ? T : never } & { edition?: number };

export interface ListQueryOptions<S extends FilterSpec = FilterSpec> {
  sortable: readonly string[];
  defaultSort: { field: string; order: 'ASC' | 'DESC' };
  maxPageSize?: number;
  /** Every key the list's filter takes (besides `edition`, which every list takes): a value of another kind is refused. */
  filters: S;
}

/** The parsed list of a route declared with these options. */
export type ListOf<O extends ListQueryOptions> = ListQuery<FilterValues<O['filters']>>;

/** The largest id a filter may name (the largest INT of MySQL). */
const MAX_ID = 2_147_483_647;
const DIGITS = /^\d{1,10}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A day that exists: 2026-02-30 matches the pattern but is no day. */
function isCalendarDay(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** Nothing to filter on: left out, null or empty text (react-admin sends none of these, a hand-made link may). */
const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

function wholeNumber(value: unknown): number | null {
  const number = typeof value === 'string' && DIGITS.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) ? number : null;
}

function kind<T>(schema: Record<string, unknown>, expected: string, accept: (value: unknown) => T | null): FilterKind<T> {
  return {
    schema,
    read: (value) => {
      if (isEmpty(value)) return { value: undefined };
      const accepted = accept(value);
      return accepted === null ? { problem: expected } : { value: accepted };
    },
  };
}

/**
 * The kinds of value a list's filter takes. Numbers and true/false may also come as text ("3",
 * "true"), as a link typed by hand carries them; text never comes as a number, an object or a list.
 */
export const filterOf = {
  /** Text to search for or match. */
  text: (): FilterKind<string> =>
    kind({ type: 'string' }, 'must be text', (value) => (typeof value === 'string' && !LONE_SURROGATE.test(value) ? value : null)),
  /** true or false. */
  boolean: (): FilterKind<boolean> =>
    kind({ type: 'boolean' }, 'must be true or false', (value) =>
      value === true || value === 'true' ? true : value === false || value === 'false' ? false : null,
    ),
  /** The id of one record. */
  id: (): FilterKind<number> =>
    kind({ type: 'integer', minimum: 1, maximum: MAX_ID }, 'must be the id of a record (a whole number)', (value) => {
      const id = wholeNumber(value);
      return id !== null && id >= 1 && id <= MAX_ID ? id : null;
    }),
  /** A list of ids (react-admin's getMany sends `{ "id": [1, 2] }`); an empty list matches nothing. */
  ids: (): FilterKind<number[]> => ({
    schema: { type: 'array', items: { type: 'integer', minimum: 1, maximum: MAX_ID } },
    read: (value) => {
      if (value === undefined || value === null) return { value: undefined };
      const ids = Array.isArray(value) ? value.map(wholeNumber) : null;
      return ids && ids.every((id) => id !== null && id >= 1 && id <= MAX_ID)
        ? { value: ids as number[] }
        : { problem: 'must be a list of record ids (whole numbers)' };
    },
  }),
  /** One of a few words. */
  oneOf: <const V extends string>(values: readonly V[]): FilterKind<V> =>
    kind({ type: 'string', enum: [...values] }, `must be one of ${values.join(', ')}`, (value) =>
      typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as V) : null,
    ),
  /** A number from `min` to `max`. */
  number: (min: number, max: number): FilterKind<number> =>
    kind({ type: 'number', minimum: min, maximum: max }, `must be a number from ${min} to ${max}`, (value) => {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      return typeof number === 'number' && Number.isFinite(number) && number >= min && number <= max ? number : null;
    }),
  /** A whole number, or null when null means something (an application's status id: null is pending). */
  wholeNumberOrNull: (): FilterKind<number | null> => ({
    schema: { type: ['integer', 'null'] },
    read: (value) => {
      if (value === undefined || value === '') return { value: undefined };
      if (value === null) return { value: null };
      const number = wholeNumber(value);
      return number === null || Math.abs(number) > MAX_ID ? { problem: 'must be a whole number or null' } : { value: number };
    },
  }),
  /** A calendar day, YYYY-MM-DD. */
  day: (): FilterKind<string> =>
    kind({ type: 'string', format: 'date' }, 'must be a day, YYYY-MM-DD', (value) =>
      typeof value === 'string' && DAY.test(value) && isCalendarDay(value) ? value : null,
    ),
  /** Text, or the id of a record (the audit log's actor: a name or email to search, or a user's id). */
  textOrId: (): FilterKind<string | number> =>
    kind(
      { anyOf: [{ type: 'string' }, { type: 'integer', minimum: 1, maximum: MAX_ID }] },
      'must be text or the id of a record',
      (value) =>
        typeof value === 'string'
          ? LONE_SURROGATE.test(value)
            ? null
            : value
          : typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ID
            ? value
            : null,
    ),
} as const;

/** The key every list takes: an earlier edition to read (docs/architecture.md, 'Editions'); lists without editions ignore it. */
export const EDITION_FILTER = { edition: filterOf.id() };

/** The largest row number a list's range may name. */
export const MAX_LIST_ROW = 1_000_000_000;
const RANGE_MESSAGE = `range must be [first, last]: whole numbers from 0 to ${MAX_LIST_ROW}, first not after last`;

function parseJson(name: string, text: unknown): unknown {
  if (text === undefined || text === '') return undefined;
  if (typeof text !== 'string') throw AppException.badRequest(`${name} must be JSON text`, { [name]: `${name} must be JSON text` });
  try {
    return JSON.parse(text);
  } catch {
    throw AppException.badRequest(`${name} must be JSON`, { [name]: `${name} must be JSON` });
  }
}

/**
 * Each key the list declares, read by its kind; every key of a wrong kind is named, as
 * `filter.<key>`, in one 400. Keys the list does not declare are left out (the panel may keep a
 * filter a list no longer takes; it filters on nothing).
 */
function readFilter<S extends FilterSpec>(raw: Record<string, unknown>, filters: S): FilterValues<S> {
  const read: Record<string, unknown> = {};
  const errors: FieldErrors = {};
  for (const [key, filterKind] of Object.entries({ ...EDITION_FILTER, ...filters })) {
    if (!Object.hasOwn(raw, key)) continue;
    const outcome = filterKind.read(raw[key]);
    if ('problem' in outcome) errors[`filter.${key}`] = `filter.${key} ${outcome.problem}`;
    else if (outcome.value !== undefined) read[key] = outcome.value;
  }
  const problems = Object.values(errors);
  if (problems.length)
    throw AppException.badRequest(problems.length === 1 ? problems[0]! : `Please correct these filters: ${problems.join('; ')}`, errors);
  return read as FilterValues<S>;
}

export function parseListQuery<S extends FilterSpec>(
  query: { filter?: unknown; range?: unknown; sort?: unknown; edition?: unknown },
  options: ListQueryOptions<S>,
): ListQuery<FilterValues<S>> {
  const parsed = parseJson('filter', query.filter) ?? {};
  // An earlier edition asked for beside the filter rather than in it (a list called without a filter).
  const filter =
    query.edition !== undefined && typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? { ...parsed, edition: query.edition }
      : parsed;
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) {
    throw AppException.badRequest('filter must be a JSON object', { filter: 'filter must be a JSON object' });
  }
  const range = parseJson('range', query.range) ?? [0, 24];
  const max = options.maxPageSize ?? 500;
  // A row number past MAX_LIST_ROW is no list of the portal's; past 2^53 it cannot even be written as a number in SQL.
  if (
    !Array.isArray(range) ||
    range.length !== 2 ||
    !range.every((n) => Number.isInteger(n) && n >= 0 && n <= MAX_LIST_ROW) ||
    range[1] < range[0]
  ) {
    throw AppException.badRequest(RANGE_MESSAGE, { range: RANGE_MESSAGE });
  }
  const limit = Math.min(range[1] - range[0] + 1, max);
  const sort = parseJson('sort', query.sort) ?? [options.defaultSort.field, options.defaultSort.order];
  if (
    !Array.isArray(sort) ||
    sort.length !== 2 ||
    !options.sortable.includes(sort[0]) ||
    !['ASC', 'DESC'].includes(String(sort[1]).toUpperCase())
  ) {
    throw AppException.badRequest(`sort must be [field, "ASC"|"DESC"] with field one of ${options.sortable.join(', ')}`, {
      sort: 'unknown sort field or order',
    });
  }
  return {
    filter: readFilter(filter as Record<string, unknown>, options.filters),
    offset: range[0],
    limit,
    sort: { field: sort[0], order: String(sort[1]).toUpperCase() as 'ASC' | 'DESC' },
  };
}

/** The lists declared with @ListParams, by operation id (`<Controller>_<method>`, as the API document names routes). */
const declaredLists = new Map<string, ListQueryOptions>();

/** The list options of a route declared with @ListParams, by its OpenAPI operation id; undefined for any other route. */
export function declaredList(operationId: string): ListQueryOptions | undefined {
  return declaredLists.get(operationId);
}

const requestQuery = createParamDecorator(
  (_data: unknown, context: ExecutionContext) => context.switchToHttp().getRequest<Request>().query,
);

/** Checks the query with its DTO (unknown parameters refused, lengths), then reads the list from it. */
class ListQueryPipe implements PipeTransform {
  private static readonly validation = createValidationPipe();

  constructor(
    private readonly options: ListQueryOptions,
    private readonly dto: Type<unknown> | null,
  ) {}

  async transform(value: Record<string, unknown>, metadata: ArgumentMetadata): Promise<ListQuery> {
    // The global pipe leaves a custom parameter alone: this one is checked as a @Query() of its DTO would be.
    const checked = this.dto ? await ListQueryPipe.validation.transform(value, { ...metadata, type: 'query', metatype: this.dto }) : value;
    return parseListQuery(checked as Record<string, unknown>, this.options);
  }
}

/**
 * The parameter of a react-admin list route: its query checked by `dto` (ListQueryDto unless the
 * route takes more; null when the route's own @Query() checks it) and read with `options`, the
 * one place a list declares how it sorts and what its filter takes. The API document shows the
 * filter's keys from here, and the fuzz suite tries each of them.
 */
export function ListParams(options: ListQueryOptions, dto: Type<unknown> | null = ListQueryDto): ParameterDecorator {
  return (target, key, index) => {
    declaredLists.set(`${(target.constructor as { name: string }).name}_${String(key)}`, options);
    requestQuery(undefined, new ListQueryPipe(options, dto))(target, key, index);
  };
}

/** `Content-Range: users 0-24/319`, which ra-data-simple-rest reads for the total. */
export function setContentRange(response: Response, resource: string, offset: number, count: number, total: number): void {
  const last = count === 0 ? offset : offset + count - 1;
  response.setHeader('Content-Range', `${resource} ${offset}-${last}/${total}`);
}

/** The three query parameters a react-admin list sends, and the edition to read; any other is refused. */
export class ListQueryDto {
  @IsOptional() @IsString({ message: 'filter must be JSON text' }) @MaxChars(4000) filter?: string;
  @IsOptional() @IsString({ message: 'range must be JSON text' }) @MaxChars(100) range?: string;
  @IsOptional() @IsString({ message: 'sort must be JSON text' }) @MaxChars(200) sort?: string;
  @IsOptional() @Matches(/^\d{1,9}$/, { message: 'edition must be the id of an edition' }) edition?: string;
}

/** `%` and `_` typed in a search box are searched for, not used as wildcards (pair with `ESCAPE '!'`). */
export function likePattern(text: string): string {
  return `%${text
    .trim()
    .toLowerCase()
    .replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

export const LIKE_ESCAPE = "ESCAPE '!'";

/** The contract's AdminListQuery is this DTO's shape (domain/src/contract/query-requests.ts). */
export type ListQueryChecked = Holds<SameShape<ListQueryDto, AdminListQuery>>;
