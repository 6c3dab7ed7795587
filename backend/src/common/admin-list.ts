import { IsOptional, IsString, Matches } from 'class-validator';
import { MaxChars } from './validators/max-chars.js';
import type { Response } from 'express';
import { AppException } from './errors/app.exception.js';

/** A react-admin list request (ra-data-simple-rest): `?filter={}&range=[0,24]&sort=["field","ASC"]`. */
export interface ListQuery {
  filter: Record<string, unknown>;
  offset: number;
  limit: number;
  sort: { field: string; order: 'ASC' | 'DESC' };
}

export interface ListQueryOptions {
  sortable: readonly string[];
  defaultSort: { field: string; order: 'ASC' | 'DESC' };
  maxPageSize?: number;
}

/** The largest row number a list's range may name. */
export const MAX_LIST_ROW = 1_000_000_000;
const RANGE_MESSAGE = `range must be [first, last]: whole numbers from 0 to ${MAX_LIST_ROW}, first not after last`;

function parseJson(name: string, text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw AppException.badRequest(`${name} must be JSON`, { [name]: `${name} must be JSON` });
  }
}

export function parseListQuery(
  query: { filter?: string; range?: string; sort?: string; edition?: string },
  options: ListQueryOptions,
): ListQuery {
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
    filter: filter as Record<string, unknown>,
    offset: range[0],
    limit,
    sort: { field: sort[0], order: String(sort[1]).toUpperCase() as 'ASC' | 'DESC' },
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
