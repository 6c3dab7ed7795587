import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Button, Typography } from '@mui/material';
import { formatUtc } from './utcDates';

/** 'Last Updated: {time}' with a Refresh button. */
export function LastUpdated({ at, onRefresh, refreshing = false }: { at: Date | null; onRefresh: () => void; refreshing?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        Last Updated: {at ? formatUtc(at.toISOString()) : '—'}
      </Typography>
      <Button size="small" startIcon={<RefreshIcon />} onClick={onRefresh} disabled={refreshing}>
        Refresh
      </Button>
    </Box>
  );
}
