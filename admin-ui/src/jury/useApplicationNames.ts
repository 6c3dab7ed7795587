import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AdminDataProvider } from '../dataProvider';

export interface ApplicantName {
  name: string;
  svid: string;
}

/**
 * The applicants' names for the applications the statistics list (they carry ids only). Until
 * they arrive, or if they cannot be read, the pages fall back to 'Application {id}'.
 */
export function useApplicationNames(ids: readonly number[]): Map<number, ApplicantName> {
  const api = useDataProvider<AdminDataProvider>();
  const [names, setNames] = useState<Map<number, ApplicantName>>(new Map());
  const key = ids.join(',');

  useEffect(() => {
    if (!key) return;
    let current = true;
    api.applicationsByIds(key.split(',').map(Number)).then(
      ({ data }) =>
        current && setNames(new Map(data.map((row) => [row.id, { name: `${row.firstName} ${row.lastName}`.trim(), svid: row.svid }]))),
      // The statistics still read without names; a 401 has already signed out.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api, key]);

  return names;
}
