import { Box, Card, CardContent, Typography } from '@mui/material';
import { ListButton, Show, TopToolbar, useRecordContext } from 'react-admin';
import { Details, Section } from '../common/Details';
import { formatUtc } from '../common/utcDates';
import { AuditChanges } from './AuditChanges';
import type { AuditEntry } from './types';

function Json({ value }: { value: unknown }) {
  return (
    <Box component="pre" sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, fontSize: '0.8rem', overflow: 'auto', maxHeight: 480 }}>
      {value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}
    </Box>
  );
}

function AuditDetail() {
  const entry = useRecordContext<AuditEntry>();
  if (!entry) return null;
  return (
    <Card variant="outlined">
      <CardContent>
        <Section title="Entry">
          <Details
            items={[
              ['When', formatUtc(entry.createdAt)],
              ['Who', entry.actorEmail ?? 'System'],
              ['Action', entry.action],
              ['Entity', `${entry.entity}${entry.entityId ? ` ${entry.entityId}` : ''}`],
            ]}
          />
        </Section>
        <Section title="Changes">
          <AuditChanges before={entry.before} after={entry.after} />
        </Section>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Box>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              Before
            </Typography>
            <Json value={entry.before} />
          </Box>
          <Box>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              After
            </Typography>
            <Json value={entry.after} />
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}

export function AuditShow() {
  return (
    <Show title="Audit entry" component="div" actions={<TopToolbar><ListButton label="Back to the audit log" /></TopToolbar>}>
      <AuditDetail />
    </Show>
  );
}
