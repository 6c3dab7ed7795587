import type { Repository } from 'typeorm';
import type { AuthUser } from '../common/auth-user.js';
import type { User } from './user.entity.js';

/**
 * Routes name a person by a key: their profile id, username or SV ID (`/api/application/:key`,
 * `/api/files/:key`, an administrator's status change).
 */

/** Whether the key names the caller. */
export function isOwnKey(caller: Pick<AuthUser, 'id' | 'username' | 'svid'>, key: string): boolean {
  return key === String(caller.id) || key === caller.username || key === caller.svid;
}

/** The user a key names, if any. */
export async function findUserByKey(users: Repository<User>, key: string): Promise<User | null> {
  if (/^\d{1,10}$/.test(key)) {
    const byId = await users.findOneBy({ id: Number(key) });
    if (byId) return byId;
  }
  return (await users.findOneBy({ username: key })) ?? (await users.findOneBy({ svid: key }));
}
