import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Card, CardContent, Typography } from '@mui/material';
import { ListButton, Show, TopToolbar, useRecordContext } from 'react-admin';
import { Details, Section } from '../common/Details';
import { formatUtc } from '../common/utcDates';
import { AuditChanges } from './AuditChanges';
import { actionLabel, actorOf, subjectOf } from './describe';
import type { AuditEntry } from './types';

function Json({ value }: { value: unknown }) {
  return (
    <Box
      component="pre"
      sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, fontSize: '0.8rem', overflow: 'auto', maxHeight: 480 }}
    >
      {value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}
    </Box>
  );
}

/** The entry as it was recorded (ids and all), for whoever needs to dig: closed until asked for. */
function RecordedDetails({ entry }: { entry: AuditEntry }) {
  return (
    <Accordion disableGutters variant="outlined" sx={{ mt: 2 }}>
      <AccordionSummary
        expandIcon={<ExpandMoreIcon />}
        aria-controls={`audit-${entry.id}-details`}
        id={`audit-${entry.id}-details-summary`}
      >
        <Typography component="span">Details</Typography>
      </AccordionSummary>
      <AccordionDetails id={`audit-${entry.id}-details`}>
        <Details
          items={[
            ['Action', entry.action],
            ['Entity', `${entry.entity}${entry.entityId ? ` ${entry.entityId}` : ''}`],
            ['Actor', entry.actorId === null ? 'System' : `${entry.actorEmail ?? ''} (user ${entry.actorId})`],
          ]}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mt: 1 }}>
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
      </AccordionDetails>
    </Accordion>
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
              ['Who', entry.actorName && entry.actorEmail ? `${entry.actorName} (${entry.actorEmail})` : actorOf(entry)],
              ['What', actionLabel(entry.action)],
              ['About', subjectOf(entry)],
            ]}
          />
        </Section>
        <Section title="Changes">
          <AuditChanges entry={entry} />
        </Section>
        <RecordedDetails entry={entry} />
      </CardContent>
    </Card>
  );
}

export function AuditShow() {
  return (
    <Show
      title="Audit entry"
      component="div"
      actions={
        <TopToolbar>
          <ListButton label="Back to the audit log" />
        </TopToolbar>
      }
    >
      <AuditDetail />
    </Show>
  );
}
