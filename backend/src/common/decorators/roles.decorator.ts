import { SetMetadata } from '@nestjs/common';

/** `admin` is the administrator flag; the others are the access token's role claim. */
export type Role = 'admin' | 'Team-Leader' | 'Student-Volunteer';
export const ROLES = 'roles';
/** Allows a route to callers holding any one of these roles. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES, roles);
