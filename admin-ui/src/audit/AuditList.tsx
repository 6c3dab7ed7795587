import { type Theme, useMediaQuery } from '@mui/material';
import { DataTable, List, SelectInput, SimpleList, TextInput } from 'react-admin';
import { formatUtc } from '../common/utcDates';
import { useAdminQuery } from '../common/useAdminQuery';
import { AuditChanges } from './AuditChanges';
import type { AuditEntry } from './types';

function useFilters() {
  const actions = useAdminQuery((api) => api.auditActions(), 'audit-actions').data ?? [];
  return [
    <TextInput key="actor" source="actor" label="Actor (email)" alwaysOn resettable />,
    <SelectInput key="action" source="action" label="Action" choices={actions} emptyText="All actions" alwaysOn />,
  ];
}

const what = (entry: AuditEntry) => `${entry.action} · ${entry.entity}${entry.entityId ? ` ${entry.entityId}` : ''}`;

/** Who changed what, when, from what to what; filterable by actor and action. */
export function AuditList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List filters={useFilters()} sort={{ field: 'id', order: 'DESC' }} perPage={25} title="Audit log" exporter={false}>
      {isSmall ? (
        <SimpleList<AuditEntry> primaryText={what} secondaryText={(entry) => entry.actorEmail ?? 'System'} tertiaryText={(entry) => formatUtc(entry.createdAt)} linkType="show" />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="createdAt" label="When" render={(entry: AuditEntry) => formatUtc(entry.createdAt)} cellSx={() => ({ whiteSpace: 'nowrap' })} />
          <DataTable.Col source="actorEmail" label="Who" render={(entry: AuditEntry) => entry.actorEmail ?? 'System'} />
          <DataTable.Col source="action" label="What" render={what} />
          <DataTable.Col label="Before → after" disableSort render={(entry: AuditEntry) => <AuditChanges before={entry.before} after={entry.after} />} />
        </DataTable>
      )}
    </List>
  );
}
