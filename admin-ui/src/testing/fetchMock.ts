import { listOf } from './scheduleFixtures';

// What the tests of the panel's calls ask of a stubbed fetch beyond `stubFetch` ('@svp/ui-test-kit'):
// reading a list request's filter, and answering a getMany-style read (a list filtered by ids) row for row.

/** The parsed `filter` query parameter of a requested address (relative addresses allowed). */
export const filterOf = (url: unknown) => JSON.parse(new URL(String(url), 'http://x').searchParams.get('filter')!);

/**
 * A fetch implementation that answers a list filtered by `id` with one row `{ id }` per asked id, in the
 * order asked, and the Content-Range of `resource` for exactly those rows (ra-data-simple-rest form):
 * `fetchMock.mockImplementation(answerRowsOfFilteredIds('users'))`.
 */
export function answerRowsOfFilteredIds(resource: string): (input: RequestInfo | URL) => Promise<Response> {
  return async (url) => {
    const ids: number[] = filterOf(url).id;
    return listOf(
      resource,
      ids.map((id) => ({ id })),
    );
  };
}
