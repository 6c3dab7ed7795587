import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { toErrorResponse } from './error-response.js';

// MariaDB/MySQL only: SQLite does not enforce VARCHAR lengths, so this error never happens there.
describe('a text too long for its column, as MariaDB really answers it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('becomes a 400 naming the field, not a 500', async () => {
    const { user } = await t.factories.user();
    const error = await t.dataSource.query('UPDATE users SET first_name = ? WHERE id = ?', ['a\uFE0F'.repeat(100), user.id]).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).not.toBeNull();
    expect(toErrorResponse(error, '/api/users/profile')).toEqual({
      status: 400,
      body: {
        success: false,
        data: {
          message: 'given_name is too long: shorten it and try again.',
          err: 'VALIDATION_FAILED',
          errors: { given_name: 'given_name is too long: shorten it and try again.' },
        },
      },
    });
  });
});
