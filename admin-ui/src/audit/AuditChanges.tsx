import { Box, Typography } from '@mui/material';
import { changesBetween, compactJson } from './changes';

const SHOWN = 4;

/** What an audit entry changed, one short line per changed value: 'path: before → after'. */
export function AuditChanges({ before, after }: { before: unknown; after: unknown }) {
  const changes = changesBetween(before, after);
  if (changes.length === 0) return <Typography variant="body2" color="text.secondary">No change recorded</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', fontFamily: 'monospace', fontSize: '0.8rem' }}>
      {changes.slice(0, SHOWN).map((change) => (
        <Box component="li" key={change.path} sx={{ overflowWrap: 'anywhere' }}>
          {change.path && <strong>{change.path}: </strong>}
          {compactJson(change.before, 40)} → {compactJson(change.after, 40)}
        </Box>
      ))}
      {changes.length > SHOWN && (
        <Typography component="li" variant="body2" color="text.secondary">
          and {changes.length - SHOWN} more
        </Typography>
      )}
    </Box>
  );
}
