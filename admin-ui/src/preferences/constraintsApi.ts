import type { VolunteerConstraints as ConstraintsAnswer } from '@svp/domain';
import type { DataProvider, GetOneParams, RaRecord, UpdateParams } from 'react-admin';
import { adminCall } from '../common/http';
import type { VolunteerConstraints } from './types';

/** A volunteer's availability as a react-admin record: its id is the user's. */
const constraintsRecord = (answer: ConstraintsAnswer) => ({ ...answer, id: answer.userId });

const path = (id: unknown) => `/volunteer-constraints/${encodeURIComponent(String(id))}`;

/** `volunteer-constraints`: read at /api/admin/volunteer-constraints/{userId}, and replaced whole with PUT. */
export const constraintsResource: Pick<DataProvider, 'getOne' | 'update'> = {
  getOne: <RecordType extends RaRecord>(_resource: string, params: GetOneParams<RecordType>) =>
    adminCall<ConstraintsAnswer>(path(params.id)).then((answer) => ({ data: constraintsRecord(answer) as unknown as RecordType })),
  // The availability is replaced whole: a list of unavailable times has no 'changed field'.
  update: <RecordType extends RaRecord>(_resource: string, params: UpdateParams<RecordType>) => {
    const { unavailable, maxHoursPerDay, minRestMinutes } = params.data as unknown as VolunteerConstraints;
    return adminCall<ConstraintsAnswer>(path(params.id), {
      method: 'PUT',
      body: JSON.stringify({ unavailable, maxHoursPerDay, minRestMinutes }),
    }).then((answer) => ({ data: constraintsRecord(answer) as unknown as RecordType }));
  },
};
