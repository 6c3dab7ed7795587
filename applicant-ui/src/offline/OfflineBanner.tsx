import { Alert, Button } from '@mui/material';
import { useFreshness } from './freshness';

// Intl rather than the domain's Luxon formatting: the shell is part of the first screen's code. Made when first needed (offline), not
// when the module loads: the first formatter with a time zone loads the browser's zone data, about 50 ms of a phone's startup.
let pacific: Intl.DateTimeFormat | undefined;
const pacificTime = (at: Date) =>
  (pacific ??= new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hour: 'numeric', minute: '2-digit' })).format(at);

/**
 * Says how fresh the screen is when the network is away: 'Offline: showing what this phone kept at
 * 8:12 AM (Pacific).' And, once a new version of the app has taken over the page, offers to reload.
 */
export function OfflineBanner() {
  const { keptAt, online, updated } = useFreshness();
  return (
    <>
      {updated && (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={() => window.location.reload()}>
              Reload
            </Button>
          }
        >
          A new version of the portal is ready.
        </Alert>
      )}
      {(keptAt || !online) && (
        <Alert severity="warning" data-testid="offline-banner">
          {keptAt
            ? `Offline: showing what this phone kept at ${pacificTime(new Date(keptAt))} (Pacific). What needs the network says so.`
            : 'Offline: what needs the network waits until it is back.'}
        </Alert>
      )}
    </>
  );
}
