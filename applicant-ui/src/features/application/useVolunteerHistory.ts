import { useEffect, useState } from 'react';
import { endpoints } from '../../api/endpoints';

/**
 * The years the portal's records hold for the caller (GET /api/users/volunteer-history): null
 * while they are loading, and when they could not be loaded; the form then works without them.
 */
export function useVolunteerHistory(): readonly number[] | null {
  const [portalYears, setPortalYears] = useState<readonly number[] | null>(null);
  useEffect(() => {
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
  }, []);
  return portalYears;
}
