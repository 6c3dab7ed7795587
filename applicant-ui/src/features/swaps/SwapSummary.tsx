import { Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { SWAP_LIST_PATH } from '../../components/navigation';
import { swapCounts } from './swapRequests';
import { useSwapRequests } from './useSwapRequests';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The schedule card's swap lines: open requests by others, and the volunteer's created and assigned requests still open. */
export function SwapSummary() {
  const { data } = useSwapRequests();
  if (!data) return null;
  const counts = swapCounts(data);
  const lines = [
    count(counts.open, 'open request by other volunteers', 'open requests by other volunteers'),
    count(counts.created, 'of your requests is waiting for an answer', 'of your requests are waiting for an answer'),
    count(counts.assigned, 'request to you is waiting for your answer', 'requests to you are waiting for your answer'),
  ];
  return (
    <>
      <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ mt: 2 }}>
        Shift swaps
      </Typography>
      <List dense disablePadding aria-label="Shift swaps">
        {lines.map((line) => (
          <ListItem key={line} disableGutters>
            <ListItemText primary={line} />
          </ListItem>
        ))}
      </List>
      <Link component={RouterLink} to={SWAP_LIST_PATH}>
        Shift Swap Requests
      </Link>
    </>
  );
}
