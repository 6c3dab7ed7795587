import type { User } from './user.entity.js';

/** What a client may see of an account: never the hash, codes or token version. */
export interface PublicUser {
  id: number;
  svid: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  role: User['role'];
  isAdmin: boolean;
  isTeamLeader: boolean;
  verified: boolean;
}

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    svid: user.svid,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    isAdmin: user.isAdmin,
    isTeamLeader: user.role === 'Team-Leader',
    verified: user.verified,
  };
}
