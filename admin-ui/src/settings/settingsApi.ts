import type { PublicSettings } from '@svp/domain';
import type { DataProvider, GetOneParams, RaRecord, UpdateParams } from 'react-admin';
import { API, changedFields, envelope, httpClient } from '../common/http';
import { rememberContactEmail } from '../common/contactEmail';

/** The settings' calls outside the REST contract (their part of the panel's data provider). */
export interface SettingsApi {
  /** GET /api/settings: what every visitor reads; the contact address is kept for the panel's network errors. */
  publicSettings(): Promise<{ data: PublicSettings }>;
}

export const settingsApi: SettingsApi = {
  publicSettings: () =>
    envelope<PublicSettings>('/api/settings').then((data) => {
      rememberContactEmail(data.contactEmail);
      return { data };
    }),
};

/** `settings` is a single record at /api/admin/settings (no id in its address); an edit sends only the changed fields. */
export const settingsResource: Pick<DataProvider, 'getOne' | 'update'> = {
  getOne: <RecordType extends RaRecord>(_resource: string, _params: GetOneParams<RecordType>) =>
    httpClient(`${API}/settings`).then(({ json }) => ({ data: json as RecordType })),
  update: <RecordType extends RaRecord>(_resource: string, params: UpdateParams<RecordType>) =>
    httpClient(`${API}/settings`, { method: 'PUT', body: JSON.stringify(changedFields(params.data, params.previousData)) }).then(
      ({ json }) => ({ data: json as RecordType }),
    ),
};
