import { adminCall, post } from '../common/http';
import type { ReferenceRow } from './types';

/** The references' calls outside the REST contract (their part of the panel's data provider). */
export interface ReferencesApi {
  /** POST /api/admin/references/{id}/resend: a new request with a new link (409 once answered or after the closing date). */
  resendReference(id: number): Promise<{ data: ReferenceRow }>;
  /** POST /api/admin/references/{id}/withdraw: the referee's link stops working. */
  withdrawReference(id: number): Promise<{ data: ReferenceRow }>;
}

export const referencesApi: ReferencesApi = {
  resendReference: (id) => adminCall<ReferenceRow>(`/references/${id}/resend`, post).then((data) => ({ data })),
  withdrawReference: (id) => adminCall<ReferenceRow>(`/references/${id}/withdraw`, post).then((data) => ({ data })),
};
