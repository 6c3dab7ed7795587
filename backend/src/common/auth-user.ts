export type UserRole = 'Team-Leader' | 'Student-Volunteer';
export const USER_ROLES: readonly UserRole[] = ['Student-Volunteer', 'Team-Leader'];

/** The caller of an authenticated request. */
export interface AuthUser {
  id: number;
  email: string;
  role: UserRole;
  isAdmin: boolean;
  svid: string;
  username: string;
  verified: boolean;
}
