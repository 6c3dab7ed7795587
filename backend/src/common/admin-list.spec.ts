import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { type FilterSpec, filterOf, parseListQuery } from './admin-list.js';
import { AppException } from './errors/app.exception.js';

const FILTERS = {
  q: filterOf.text(),
  teamLeader: filterOf.boolean(),
  venueId: filterOf.id(),
  id: filterOf.ids(),
  state: filterOf.oneOf(['open', 'closed']),
  rating: filterOf.number(1, 5),
  statusId: filterOf.wholeNumberOrNull(),
  day: filterOf.day(),
  actor: filterOf.textOrId(),
} satisfies FilterSpec;

const read = (filter: unknown) =>
  parseListQuery({ filter: JSON.stringify(filter) }, { sortable: ['id'], defaultSort: { field: 'id', order: 'ASC' }, filters: FILTERS })
    .filter;

/** The refusal's field errors, or the filter read. */
function refusal(filter: unknown): Record<string, string> | undefined {
  try {
    read(filter);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(AppException);
    expect((error as AppException).status).toBe(400);
    return (error as AppException).errors;
  }
}

describe('a list filter read by its keys', () => {
  it('reads each declared key by its kind, numbers and true/false also written as text', () => {
    expect(
      read({
        q: 'Émile',
        teamLeader: 'false',
        venueId: '12',
        id: [3, '4'],
        state: 'open',
        rating: '2.5',
        statusId: null,
        day: '2026-08-10',
        actor: 7,
        edition: 2,
      }),
    ).toEqual({
      q: 'Émile',
      teamLeader: false,
      venueId: 12,
      id: [3, 4],
      state: 'open',
      rating: 2.5,
      statusId: null,
      day: '2026-08-10',
      actor: 7,
      edition: 2,
    });
  });

  it('takes a key left empty (null or empty text) as no filter, and an empty list of ids as a list matching nothing', () => {
    expect(read({ q: '', teamLeader: null, venueId: '', state: null, id: [] })).toEqual({ id: [] });
  });

  it('leaves out the keys the list does not declare', () => {
    expect(read({ q: 'ann', password: { $ne: 1 }, __proto__: { isAdmin: true } })).toEqual({ q: 'ann' });
  });

  it.each([
    ['q', 1, 'filter.q must be text'],
    ['q', { a: 1 }, 'filter.q must be text'],
    ['q', ['a'], 'filter.q must be text'],
    ['q', 'lone \uD800', 'filter.q must be text'],
    ['teamLeader', 'maybe', 'filter.teamLeader must be true or false'],
    ['teamLeader', 1, 'filter.teamLeader must be true or false'],
    ['venueId', 'abc', 'filter.venueId must be the id of a record (a whole number)'],
    ['venueId', 1.5, 'filter.venueId must be the id of a record (a whole number)'],
    ['venueId', [1], 'filter.venueId must be the id of a record (a whole number)'],
    ['venueId', 0, 'filter.venueId must be the id of a record (a whole number)'],
    ['venueId', 2 ** 40, 'filter.venueId must be the id of a record (a whole number)'],
    ['id', 5, 'filter.id must be a list of record ids (whole numbers)'],
    ['id', ['a'], 'filter.id must be a list of record ids (whole numbers)'],
    ['id', [[1]], 'filter.id must be a list of record ids (whole numbers)'],
    ['state', 'lost', 'filter.state must be one of open, closed'],
    ['state', ['open'], 'filter.state must be one of open, closed'],
    ['rating', 9, 'filter.rating must be a number from 1 to 5'],
    ['rating', true, 'filter.rating must be a number from 1 to 5'],
    ['statusId', 'pending', 'filter.statusId must be a whole number or null'],
    ['day', '2026-02-30', 'filter.day must be a day, YYYY-MM-DD'],
    ['day', 20260810, 'filter.day must be a day, YYYY-MM-DD'],
    ['actor', { id: 1 }, 'filter.actor must be text or the id of a record'],
    ['edition', 'last', 'filter.edition must be the id of a record (a whole number)'],
  ])('refuses %s = %j: %s', (key, value, message) => {
    expect(refusal({ [key]: value })).toEqual({ [`filter.${key}`]: message });
  });

  it('names every key of a wrong kind in one refusal', () => {
    expect(Object.keys(refusal({ q: 1, teamLeader: 'x', venueId: 'y' }) ?? {})).toEqual([
      'filter.q',
      'filter.teamLeader',
      'filter.venueId',
    ]);
  });

  it('refuses a filter that is not a JSON object, or not text at all', () => {
    expect(refusal([])).toEqual({ filter: 'filter must be a JSON object' });
    expect(() =>
      parseListQuery({ filter: ['{}', '{}'] }, { sortable: ['id'], defaultSort: { field: 'id', order: 'ASC' }, filters: {} }),
    ).toThrow('filter must be JSON text');
  });
});

describe('where lists are read', () => {
  it('reads every list through @ListParams: parseListQuery is called nowhere else, so each list declares its filter', () => {
    const src = join(dirname(fileURLToPath(import.meta.url)), '..');
    const files = (folder: string): string[] =>
      readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? files(join(folder, entry.name))
          : entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')
            ? [join(folder, entry.name)]
            : [],
      );
    const callers = files(src)
      .filter((file) => /\bparseListQuery\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(src, file));
    expect(callers).toEqual(['common/admin-list.ts']);
  });
});
