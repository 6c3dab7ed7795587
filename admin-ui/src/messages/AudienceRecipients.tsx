import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { memo } from 'react';
import { plural } from './labels';
import type { AudienceMember } from './types';
import type { AudienceCount } from './useAudienceCount';

/** Rows drawn at most: a whole edition's applicants would slow the form as it is typed in; everyone counted still gets it. */
export const RECIPIENTS_SHOWN = 500;

const RecipientTable = memo(function RecipientTable({ recipients }: { recipients: readonly AudienceMember[] }) {
  return (
    <Box
      role="region"
      aria-label="Recipients"
      tabIndex={0}
      sx={{ maxHeight: 360, overflow: 'auto', contain: 'inline-size', border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Table size="small" stickyHeader aria-label="Recipients">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>SV ID</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {recipients.slice(0, RECIPIENTS_SHOWN).map((member) => (
            <TableRow key={member.id}>
              <TableCell sx={{ minWidth: 150 }}>{member.name}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{member.svid || '—'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{member.email}</TableCell>
              <TableCell>{member.status ?? 'No application'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
});

/** How many the audience holds now, in words, and who: counted again a moment after each change. */
export function AudienceRecipients({ count, problem }: { count: AudienceCount; problem: string | null }) {
  const { preview, error, counting } = count;
  let line: string;
  if (problem) line = 'The audience is counted once every segment is complete.';
  else if (preview)
    line =
      preview.count === 0
        ? `Nobody is in this audience now: ${preview.description}.`
        : `${plural(preview.count, 'recipient')}: ${preview.description}.`;
  else if (counting) line = 'Counting the recipients...';
  else line = '';
  return (
    <Box component="section" aria-label="Who gets it" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography role="status" sx={{ fontWeight: preview ? 600 : undefined, overflowWrap: 'anywhere' }}>
          {line}
        </Typography>
        {!problem && (
          <Button size="small" startIcon={<RefreshIcon />} onClick={count.recount} disabled={counting}>
            Count again
          </Button>
        )}
      </Box>
      {error && !problem && (
        <Alert severity="error" role="alert">
          {error.message || 'The audience could not be counted.'}
        </Alert>
      )}
      {preview && preview.count > 0 && (
        <>
          {preview.recipients.length > RECIPIENTS_SHOWN && (
            <Typography variant="body2" color="text.secondary">
              The first {RECIPIENTS_SHOWN.toLocaleString('en-US')} of {plural(preview.count, 'recipient')} are listed; every one of them
              gets the message.
            </Typography>
          )}
          <RecipientTable recipients={preview.recipients} />
        </>
      )}
    </Box>
  );
}
