import { List, ListItem, ListItemText } from '@mui/material';
import { RETENTION_KINDS, RETENTION_KIND_TEXTS, type RetentionPeriods, retentionPeriodText } from '@svp/domain';

/** How long each kind of sensitive data is kept after the edition ends, from the edition's settings. */
export function RetentionPeriodsList({ retention }: { retention: RetentionPeriods }) {
  return (
    <List dense aria-label="How long sensitive data is kept">
      {RETENTION_KINDS.map((kind) => (
        <ListItem key={kind} disableGutters>
          <ListItemText primary={`${RETENTION_KIND_TEXTS[kind].title}: ${retentionPeriodText(retention[kind])}`} />
        </ListItem>
      ))}
    </List>
  );
}
