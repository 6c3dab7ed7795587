import { describe, expect, it } from '@jest/globals';
import { PasswordService } from './password.service.js';

// The test apps hash at argon2's lowest cost (testing/test-passwords.ts); this is the cost the portal runs with.
describe('password hashes', () => {
  const passwords = new PasswordService();

  it('are argon2id at 64 MiB, three passes and four lanes, and check only the password they were made from', async () => {
    const hash = await passwords.hash('correct horse battery staple');
    const [, kind, version, cost] = hash.split('$');
    expect([kind, version, Object.fromEntries(cost!.split(',').map((pair) => pair.split('=')))]).toEqual([
      'argon2id',
      'v=19',
      { m: '65536', t: '3', p: '4' },
    ]);
    expect(await passwords.verify(hash, 'correct horse battery staple')).toBe(true);
    expect(await passwords.verify(hash, 'correct horse battery stapler')).toBe(false);
    expect(await passwords.verify('not a hash', 'correct horse battery staple')).toBe(false);
  });
});
