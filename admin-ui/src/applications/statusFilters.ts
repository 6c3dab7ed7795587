/** The three filters of 'search by status', as the applications resource names them. */
export const STATUS_FILTERS = [
  { source: 'completed', label: 'Completed' },
  { source: 'teamLeader', label: 'Team leader' },
  { source: 'financialAid', label: 'Financial aid' },
] as const;

export type StatusFilterSource = (typeof STATUS_FILTERS)[number]['source'];

/** What the form shows for one filter: whether it applies, and the yes/no it asks for. */
export interface StatusFilterChoice {
  enabled: boolean;
  value: boolean;
}

export type StatusFilterDraft = Record<StatusFilterSource, StatusFilterChoice>;

/** The form as the list's filter says: a filter is enabled when the list filters on it; a new one offers 'Yes'. */
export function statusFilterDraft(filterValues: Record<string, unknown>): StatusFilterDraft {
  const draft = {} as StatusFilterDraft;
  for (const { source } of STATUS_FILTERS) {
    const value = filterValues[source];
    draft[source] = typeof value === 'boolean' ? { enabled: true, value } : { enabled: false, value: true };
  }
  return draft;
}

/** The list's filter for the form: only the enabled filters, each with its yes/no. */
export function statusFilterValues(draft: StatusFilterDraft): Record<string, boolean> {
  const filter: Record<string, boolean> = {};
  for (const { source } of STATUS_FILTERS) if (draft[source].enabled) filter[source] = draft[source].value;
  return filter;
}
