import type { Gates } from '@svp/domain';

export interface NavigationEntry {
  label: string;
  to: string;
}

interface NavigationContext {
  session: { isTeamLeader: boolean; profile: { application_status_id: number | null } | null };
  gates: Gates;
}

/** The entries of the navigation bar for the signed-in user now (Logout is always added). */
export function navigationEntries(_context: NavigationContext): NavigationEntry[] {
  return [
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'Profile', to: '/profile' },
  ];
}
