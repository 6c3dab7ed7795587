import { Box, Typography } from '@mui/material';
import { useEditionSettings } from '../common/useEditionSettings';
import { type ChangeLine, changeLines } from './describe';
import type { AuditEntry } from './types';

/** One change in words: 'Label: before → after', or only the side there is when something was added or removed. */
function Line({ line }: { line: ChangeLine }) {
  const both = line.before !== undefined && line.after !== undefined;
  return (
    <Box component="li" sx={{ overflowWrap: 'break-word' }}>
      <strong>{line.label}: </strong>
      {both ? (
        <>
          {line.before} → {line.after}
        </>
      ) : line.after !== undefined ? (
        line.after
      ) : (
        <>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            removed
          </Box>{' '}
          (was {line.before ?? '—'})
        </>
      )}
    </Box>
  );
}

/** What an audit entry changed, in words; the list shows the first few lines, the entry itself all of them. */
export function AuditChanges({ entry, limit }: { entry: AuditEntry; limit?: number }) {
  const settings = useEditionSettings();
  const lines = changeLines(entry, settings?.statusCatalogue);
  if (lines.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No change recorded
      </Typography>
    );
  const shown = limit === undefined ? lines : lines.slice(0, limit);
  return (
    <Box component="ul" aria-label="Changes" sx={{ m: 0, p: 0, listStyle: 'none', fontSize: '0.875rem' }}>
      {shown.map((line, i) => (
        <Line key={`${line.label}-${i}`} line={line} />
      ))}
      {lines.length > shown.length && (
        <Typography component="li" variant="body2" color="text.secondary">
          and {lines.length - shown.length} more
        </Typography>
      )}
    </Box>
  );
}
