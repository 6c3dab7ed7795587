import type { Gates } from '@svp/domain';

export interface NavigationEntry {
  label: string;
  to: string;
}

interface NavigationContext {
  session: { isTeamLeader: boolean; profile: { application_status_id: number | null } | null };
  /** The gates on the server's clock now. */
  gates: Gates;
}

/** The path of the team leader's jury list (operations-area §2). */
export const JURY_PATH = '/jury/view';

/** The entries of the navigation bar for the signed-in user now (Logout is always added). */
export function navigationEntries({ session, gates }: NavigationContext): NavigationEntry[] {
  return [
    { label: 'Dashboard', to: '/dashboard' },
    // Team leaders only, after the application deadline and the jury release, before the jury deadline.
    ...(session.isTeamLeader && gates.juryOpen ? [{ label: 'Jury', to: JURY_PATH }] : []),
    { label: 'Profile', to: '/profile' },
  ];
}
