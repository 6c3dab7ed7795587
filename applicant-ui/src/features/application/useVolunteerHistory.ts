import { useEffect, useState } from 'react';
import { endpoints } from '../../api/endpoints';

/** The years read before the app was first drawn (loadVolunteerHistoryFirst), with the user they were read for. */
let first: { user: number; years: readonly number[] } | null = null;

/**
 * Reads the caller's years before the app is first drawn (main.tsx, for the pages that show them),
 * so that the form is drawn once with them rather than again when they arrive. Never rejects: on a
 * failure the hook loads them as usual.
 */
export async function loadVolunteerHistoryFirst(user: number): Promise<void> {
  try {
    first = { user, years: (await endpoints.volunteerHistory()).portalYears };
  } catch {
    first = null;
  }
}

/**
 * The years the portal's records hold for `user`, the caller (GET /api/users/volunteer-history):
 * null while they are loading, and when they could not be loaded; the form then works without them.
 */
export function useVolunteerHistory(user: number): readonly number[] | null {
  const [portalYears, setPortalYears] = useState<readonly number[] | null>(() => (first?.user === user ? first.years : null));
  const known = portalYears !== null;
  useEffect(() => {
    if (known) return;
    let current = true;
    const load = async () => {
      try {
        const { portalYears: years } = await endpoints.volunteerHistory();
        if (current) setPortalYears(years);
      } catch (error) {
        console.warn('The volunteer history could not be loaded; the application works without it', error);
      }
    };
    void load();
    return () => {
      current = false;
    };
  }, [known]);
  return portalYears;
}
