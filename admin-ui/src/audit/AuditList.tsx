import { type Theme, useMediaQuery } from '@mui/material';
import { DataTable, List, SelectInput, SimpleList, TextInput } from 'react-admin';
import { formatUtc } from '../common/utcDates';
import { useAdminQuery } from '../common/useAdminQuery';
import { AuditChanges } from './AuditChanges';
import { actionLabel, actorOf, subjectOf } from './describe';
import type { AuditEntry } from './types';

function useFilters() {
  const actions = (useAdminQuery((api) => api.auditActions(), 'audit-actions').data ?? []).map((choice) => ({
    id: choice.id,
    name: actionLabel(choice.id),
  }));
  return [
    <TextInput key="actor" source="actor" label="Who (name or email)" alwaysOn resettable />,
    <SelectInput key="action" source="action" label="Action" choices={actions} emptyText="All actions" alwaysOn />,
  ];
}

const what = (entry: AuditEntry) => `${actionLabel(entry.action)}: ${subjectOf(entry)}`;

/** Who changed what, when, from what to what, in words; filterable by who and by action. */
export function AuditList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List filters={useFilters()} sort={{ field: 'id', order: 'DESC' }} perPage={25} title="Audit log" exporter={false}>
      {isSmall ? (
        <SimpleList<AuditEntry>
          primaryText={what}
          secondaryText={actorOf}
          tertiaryText={(entry) => formatUtc(entry.createdAt)}
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false}>
          <DataTable.Col
            source="createdAt"
            label="When"
            render={(entry: AuditEntry) => formatUtc(entry.createdAt)}
            cellSx={() => ({ whiteSpace: 'nowrap' })}
          />
          <DataTable.Col source="actorEmail" label="Who" render={actorOf} />
          <DataTable.Col source="action" label="What" render={what} />
          <DataTable.Col label="Changes" disableSort render={(entry: AuditEntry) => <AuditChanges entry={entry} limit={4} />} />
        </DataTable>
      )}
    </List>
  );
}
