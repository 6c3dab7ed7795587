import { Alert, Box, Chip, Divider, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { REFERENCE_KNOWN_FOR, REFERENCE_RATING_KEYS, REFERENCE_RATING_LABELS, REFERENCE_RELATIONSHIPS } from '@svp/domain';
import { useId } from 'react';
import { useGetList } from 'react-admin';
import { optionLabel } from '../applications/show/labels';
import { type Detail, Details } from '../common/Details';
import { LoadingText } from '../common/LoadingText';
import { ScrollBox } from '../common/ScrollBox';
import { useEditionSettings } from '../common/useEditionSettings';
import { formatUtc } from '../common/utcDates';
import { useNotifyError } from '../jury/useNotifyError';
import { ReferenceActions } from './ReferenceActions';
import { formatRating, mailKindLabel, mailStatusLabel, referenceStateColor, referenceStateLabel, slotTitle } from './labels';
import type { ReferenceRow } from './types';

const ratingText = (value: number | null | undefined) => (typeof value === 'number' ? `${value} of 5` : 'Cannot judge');

function SubHeading({ children }: { children: string }) {
  return (
    <Typography component="h4" variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
      {children}
    </Typography>
  );
}

function refereeDetails(reference: ReferenceRow): Detail[] {
  const items: Detail[] = [
    ['Referee', `${reference.firstName} ${reference.lastName}`.trim()],
    ['Email', reference.email],
    ['Type', optionLabel(REFERENCE_RELATIONSHIPS, reference.referenceType)],
    ['Requests sent', String(reference.requestNo ?? 0)],
    ['Requested', reference.requestedAt ? formatUtc(reference.requestedAt) : ''],
    ['Answered', reference.answeredAt ? formatUtc(reference.answeredAt) : ''],
  ];
  if (reference.withdrawnAt) items.push(['Withdrawn', formatUtc(reference.withdrawnAt)]);
  if (reference.declineReason || reference.state === 'declined')
    items.push(['Reason for declining', reference.declineReason ?? 'None given']);
  if (reference.unreachableReason) items.push(['Why it could not be delivered', reference.unreachableReason]);
  return items;
}

function answerDetails(reference: ReferenceRow): Detail[] {
  return [
    ['Relationship', optionLabel(REFERENCE_RELATIONSHIPS, reference.relationship)],
    ['Known for', optionLabel(REFERENCE_KNOWN_FOR, reference.knownFor)],
    ...REFERENCE_RATING_KEYS.map((key): Detail => [REFERENCE_RATING_LABELS[key], ratingText(reference.ratings?.[key])]),
    ['Average rating', formatRating(reference.averageRating)],
    ['Statement', reference.statement ?? ''],
  ];
}

function MailHistory({ reference }: { reference: ReferenceRow }) {
  const mails = reference.mails ?? [];
  if (!mails.length) return <Typography variant="body2">No email has been sent yet.</Typography>;
  return (
    <ScrollBox label={`Emails about the ${slotTitle(reference.slot).toLowerCase()}`}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>Email</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>To</TableCell>
            <TableCell>Sent</TableCell>
            <TableCell>Mail server’s answer</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {mails.map((mail, i) => (
            <TableRow key={`${mail.kind}-${i}`}>
              <TableCell>{mailKindLabel(mail.kind)}</TableCell>
              <TableCell>{mailStatusLabel(mail.status)}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{mail.recipient}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{mail.sentAt ? formatUtc(mail.sentAt) : '—'}</TableCell>
              <TableCell sx={{ minWidth: '12rem' }}>{mail.lastError || '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollBox>
  );
}

function ReferenceCard({ reference }: { reference: ReferenceRow }) {
  const headingId = useId();
  // A withdrawn reference keeps the answer it had: the administrators see everything.
  const answered = Boolean(reference.relationship || reference.statement);
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography component="h3" variant="subtitle1" id={headingId} sx={{ fontWeight: 600 }}>
          {slotTitle(reference.slot)}
        </Typography>
        <Chip
          size="small"
          label={referenceStateLabel(reference.state)}
          color={referenceStateColor(reference.state)}
          data-testid="reference-state"
        />
      </Box>
      <Details items={refereeDetails(reference)} label={`${slotTitle(reference.slot)}: the referee`} />
      {answered && (
        <>
          <SubHeading>Answer</SubHeading>
          <Details items={answerDetails(reference)} label={`${slotTitle(reference.slot)}: the answer`} />
        </>
      )}
      <SubHeading>Emails</SubHeading>
      <MailHistory reference={reference} />
      <Box sx={{ mt: 2 }}>
        <ReferenceActions reference={reference} />
      </Box>
    </Box>
  );
}

/** What the tab says when no reference was requested yet: when the requests go out, or why none will. */
function NoReferences({ completed }: { completed: boolean }) {
  const settings = useEditionSettings();
  if (!settings) return null;
  const closesAt = settings.timeline.applicationEndDate;
  const beforeClose = Date.parse(settings.now) < Date.parse(closesAt);
  if (beforeClose) return <Typography>References are requested when applications close, on {formatUtc(closesAt)}.</Typography>;
  if (!completed) return <Typography>This application was not submitted, so its referees are not asked for references.</Typography>;
  return <Typography>No reference has been requested yet. The Reference requests job on the Jobs page sends the requests.</Typography>;
}

/**
 * The References tab of an application: each referee with the state of their
 * reference, their answer in full, the emails sent to them, and what an administrator can do.
 */
export function ReferencesTab({ applicationId, completed }: { applicationId: number; completed: boolean }) {
  const { data, isPending, error } = useGetList<ReferenceRow>('references', {
    filter: { applicationId },
    pagination: { page: 1, perPage: 10 },
    sort: { field: 'id', order: 'ASC' },
  });
  useNotifyError(error ?? null);
  if (isPending) return <LoadingText>Loading references...</LoadingText>;
  if (error) return <Alert severity="error">The references could not be loaded. Refresh to try again.</Alert>;
  const references = [...(data ?? [])].sort((a, b) => a.slot - b.slot);
  if (!references.length) return <NoReferences completed={completed} />;
  return (
    <>
      {references.map((reference, i) => (
        <Box key={reference.id}>
          {i > 0 && <Divider sx={{ mb: 3 }} />}
          <ReferenceCard reference={reference} />
        </Box>
      ))}
    </>
  );
}
