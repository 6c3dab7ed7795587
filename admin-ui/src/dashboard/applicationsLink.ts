/** The applications list opened with a filter, as react-admin reads it from the address. */
export function applicationsLink(filter: Record<string, unknown>): { pathname: string; search: string } {
  return { pathname: '/applications', search: `?${new URLSearchParams({ filter: JSON.stringify(filter) })}` };
}
