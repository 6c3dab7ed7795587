import type { PublicSettings } from '../dataProvider';
import { useAdminQuery } from './useAdminQuery';

/** The public settings: the active status catalogue's labels for filters and history. */
export function useEditionSettings(): PublicSettings | undefined {
  return useAdminQuery((api) => api.publicSettings(), 'public-settings').data;
}

/** Status choices for a select; pending goes as 0, which the API reads as null. */
export function statusChoices(settings: PublicSettings | undefined): { id: number; name: string }[] {
  return (settings?.statusLabels ?? []).map((entry) => ({ id: entry.id ?? 0, name: entry.label }));
}
