import { Alert, Box, Button, Chip, type ChipProps, CircularProgress, Typography } from '@mui/material';
import { REFERENCE_TYPES, type ReferenceState } from '@svp/domain';
import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { endpoints } from '../../api/endpoints';
import type { UserReference, UserReferences } from '../../api/types';
import { DashboardCard } from '../dashboard/DashboardLayout';
import { formatDateTime } from '../home/dateText';

// The form (Formik, yup and the form fields) is loaded only when the applicant asks to name another referee.
const ReplaceRefereeForm = lazy(() => import('./ReplaceRefereeForm').then((m) => ({ default: m.ReplaceRefereeForm })));

export const GIVE_ANOTHER_REFEREE = 'Give another referee';

// Colours whose text keeps its contrast (MUI's white on info or warning does not).
const CHIP_LOOKS: Record<ReferenceState, Pick<ChipProps, 'color' | 'variant'>> = {
  requested: { color: 'primary', variant: 'outlined' },
  received: { color: 'success', variant: 'filled' },
  declined: { color: 'default', variant: 'filled' },
  'not-reachable': { color: 'error', variant: 'filled' },
  withdrawn: { color: 'default', variant: 'outlined' },
};

const typeLabel = (value: string) => REFERENCE_TYPES.find((type) => type.value === value)?.label ?? value;

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; references: UserReferences };

/**
 * The 'References' card of a submitted application: each referee's name and where their reference
 * stands, never what they wrote (the server does not send it). A referee our email could not reach
 * can be replaced until references close.
 */
export function ReferencesCard({ accountEmail, contactEmail }: { accountEmail: string; contactEmail: string }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [replacing, setReplacing] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => {
    let active = true;
    // Called inside the promise, so a failure of any kind leaves this card saying so and the rest of the dashboard alone.
    Promise.resolve()
      .then(() => endpoints.userReferences())
      .then(
        (references) => active && setLoad({ state: 'loaded', references }),
        () => active && setLoad({ state: 'failed' }),
      );
    return () => {
      active = false;
    };
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  if (load.state === 'loaded' && load.references.references.length === 0) return null;

  return (
    <DashboardCard
      title="References"
      data-testid="references-card"
      actions={
        load.state === 'failed' && (
          <Button variant="outlined" onClick={reload}>
            Try again
          </Button>
        )
      }
    >
      {load.state === 'loading' && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <CircularProgress size={20} aria-hidden />
          <Typography>Getting your references...</Typography>
        </Box>
      )}
      {load.state === 'failed' && <Typography>Your references could not be loaded right now.</Typography>}
      {load.state === 'loaded' && (
        <>
          <Typography sx={{ mb: 2 }}>
            {load.references.references.some((r) => r.state === null)
              ? `We ask your referees for a reference when applications close, on ${formatDateTime(load.references.requestsFrom)}.`
              : `Your referees can answer until ${formatDateTime(load.references.closesAt)}.`}{' '}
            You see whether each has answered, never what they wrote.
          </Typography>
          {notice && (
            <Alert
              severity={notice.severity}
              role={notice.severity === 'error' ? 'alert' : 'status'}
              onClose={() => setNotice(null)}
              sx={{ mb: 2 }}
            >
              {notice.text}
            </Alert>
          )}
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
            {load.references.references.map((reference) => {
              const other = load.references.references.find((r) => r.slot !== reference.slot);
              return (
                <Box component="li" key={reference.slot}>
                  <RefereeLine reference={reference} />
                  {reference.state === 'not-reachable' && (
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                      Our email to {reference.firstName} {reference.lastName} could not be delivered.
                      {reference.canReplace ? ` You can name another referee until ${formatDateTime(load.references.closesAt)}.` : ''}
                    </Typography>
                  )}
                  {reference.canReplace && replacing !== reference.slot && (
                    <Button
                      variant="outlined"
                      size="small"
                      sx={{ mt: 1 }}
                      onClick={() => {
                        setNotice(null);
                        setReplacing(reference.slot);
                      }}
                    >
                      {GIVE_ANOTHER_REFEREE}
                    </Button>
                  )}
                  {reference.canReplace && replacing === reference.slot && (
                    <Suspense fallback={<CircularProgress size={24} aria-label="Loading the form" sx={{ display: 'block', mt: 1 }} />}>
                      <ReplaceRefereeForm
                        reference={reference}
                        otherEmail={other?.email ?? null}
                        accountEmail={accountEmail}
                        contactEmail={contactEmail}
                        onCancel={() => setReplacing(null)}
                        onReplaced={(referee) => {
                          setReplacing(null);
                          setNotice({
                            severity: 'success',
                            text: `Thank you. We have asked ${referee.firstName} ${referee.lastName} for a reference.`,
                          });
                          reload();
                        }}
                        onRefused={(message) => {
                          setReplacing(null);
                          setNotice({ severity: 'error', text: message });
                          reload();
                        }}
                      />
                    </Suspense>
                  )}
                </Box>
              );
            })}
          </Box>
        </>
      )}
    </DashboardCard>
  );
}

/** A referee's name, the kind of reference, and its state as a chip. */
function RefereeLine({ reference }: { reference: UserReference }) {
  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}
      data-testid={`reference-${reference.slot}`}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 'bold', overflowWrap: 'anywhere' }}>
          {reference.firstName} {reference.lastName}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {typeLabel(reference.referenceType)}
        </Typography>
      </Box>
      <Chip
        size="small"
        label={reference.stateLabel}
        {...(reference.state ? CHIP_LOOKS[reference.state] : { color: 'default', variant: 'outlined' })}
        data-testid={`reference-${reference.slot}-state`}
      />
    </Box>
  );
}
