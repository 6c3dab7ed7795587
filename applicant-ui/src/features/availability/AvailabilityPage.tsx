import { Alert, Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import { ErrorCode, conferenceDays } from '@svp/domain';
import { Form, Formik, type FormikHelpers, type FormikProps } from 'formik';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import type { Availability } from '../../api/types';
import { domainSchema } from '../../forms/domainSchema';
import { useAlerts } from '../../state/AlertsContext';
import { useSettings } from '../../state/SettingsContext';
import { LoadingText } from '../application/LoadingText';
import { formatDateTime } from '../home/dateText';
import { FactList } from '../schedule/FactList';
import { LoadFailed } from '../schedule/LoadFailed';
import { ScheduleRefusal } from '../schedule/ScheduleRefusal';
import { AvailabilityFields } from './AvailabilityFields';
import {
  type AvailabilityDraft,
  type AvailabilityValues,
  availabilityConstraints,
  availabilityProblems,
  availabilityValues,
  focusAvailabilityField,
  serverFieldErrors,
  unavailableText,
} from './availabilityForm';

export const AVAILABILITY_SAVED = 'Your availability is saved.';
export const ANSWERS_NEED_ATTENTION = 'Some answers need attention: see the message under each.';

/** Answers handed over by the confirmation form when they could not be saved with it. */
function draftIn(state: unknown): AvailabilityDraft | null {
  const draft = (state as { answers?: unknown; errors?: unknown } | null) ?? null;
  return draft && Array.isArray((draft.answers as AvailabilityValues | undefined)?.unavailable) ? (draft as AvailabilityDraft) : null;
}

type Load =
  { state: 'loading' } | { state: 'failed' } | { state: 'refused'; message: string } | { state: 'loaded'; availability: Availability };

const BACK = { to: '/dashboard', label: 'Back to Dashboard' };

/**
 * /availability: the days or hours a volunteer cannot work, the most hours in a day and the rest
 * between shifts, theirs to change until schedules are released; read-only after that.
 */
export default function AvailabilityPage() {
  const { showError } = useAlerts();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const location = useLocation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(() => draftIn(location.state));

  // Taken once: a reload of the page shows what is saved, not the answers handed over.
  useEffect(() => {
    if (location.state) navigate(location.pathname, { replace: true, state: null });
  }, [location, navigate]);

  useEffect(() => {
    let active = true;
    setLoad({ state: 'loading' });
    endpoints.availability().then(
      (availability) => active && setLoad({ state: 'loaded', availability }),
      (error: unknown) => {
        if (!active) return;
        if (error instanceof ApiError && error.status === 403) setLoad({ state: 'refused', message: error.message });
        else {
          setLoad({ state: 'failed' });
          showError(error);
        }
      },
    );
    return () => {
      active = false;
    };
  }, [attempt, showError]);

  const lock = useCallback(
    (availability: Availability) => setLoad({ state: 'loaded', availability: { ...availability, editable: false } }),
    [],
  );

  return (
    <Box sx={{ maxWidth: 800 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Your Availability
      </Typography>
      {load.state === 'loading' && <LoadingText text="Loading your availability..." />}
      {load.state === 'failed' && <LoadFailed what="Your availability" onRetry={() => setAttempt((n) => n + 1)} />}
      {load.state === 'refused' && <ScheduleRefusal title="Your availability cannot be shown" message={load.message} back={BACK} />}
      {load.state === 'loaded' &&
        (load.availability.editable ? (
          <AvailabilityForm
            availability={load.availability}
            draft={draft}
            onSaved={(availability) => {
              setDraft(null);
              setLoad({ state: 'loaded', availability });
            }}
            onLocked={() => lock(load.availability)}
          />
        ) : (
          <AvailabilityAnswers availability={load.availability} />
        ))}
    </Box>
  );
}

function AvailabilityForm({
  availability,
  draft,
  onSaved,
  onLocked,
}: {
  availability: Availability;
  draft: AvailabilityDraft | null;
  onSaved: (saved: Availability) => void;
  onLocked: () => void;
}) {
  const { settings } = useSettings();
  const { showError, showMessage, clearAll } = useAlerts();
  const initialValues = useMemo(() => draft?.answers ?? availabilityValues(availability), [draft, availability]);
  const initialProblems = useMemo(() => serverFieldErrors(draft?.errors ?? {}), [draft]);
  const days = useMemo(() => conferenceDays(settings.conference), [settings.conference]);
  const schema = useMemo(() => domainSchema<AvailabilityValues>((values) => availabilityProblems(values, days)), [days]);

  // Formik marks every field touched and skips onSubmit when a rule fails; the first failing field gets the cursor.
  const attemptSubmit = async (formik: FormikProps<AvailabilityValues>) => {
    await formik.submitForm();
    const [first] = availabilityProblems(formik.values, days);
    if (!first) return;
    showError(ANSWERS_NEED_ATTENTION);
    requestAnimationFrame(() => focusAvailabilityField(first.field));
  };

  const submit = async (values: AvailabilityValues, helpers: FormikHelpers<AvailabilityValues>) => {
    clearAll();
    try {
      const saved = await endpoints.saveAvailability(availabilityConstraints(values));
      onSaved(saved);
      showMessage(AVAILABILITY_SAVED);
      window.scrollTo(0, 0);
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.SchedulesReleased) {
        onLocked();
        return;
      }
      if (error instanceof ApiError) {
        const fields = serverFieldErrors(error.errors);
        helpers.setErrors(fields.errors);
        void helpers.setTouched(fields.touched, false);
        const [first] = Object.keys(error.errors);
        if (first) requestAnimationFrame(() => focusAvailabilityField(first));
      }
      showError(error);
    }
  };

  return (
    <>
      <Typography sx={{ mb: 1 }}>
        Tell us the days or hours you cannot work, the most hours you can work in a day and the rest you need between two shifts: your
        schedule is built around them.
      </Typography>
      <Typography sx={{ mb: 3 }}>
        You can change these answers until schedules are released on <strong>{formatDateTime(availability.editableUntil)}</strong>.
      </Typography>
      <Formik
        initialValues={initialValues}
        initialErrors={initialProblems.errors}
        initialTouched={initialProblems.touched}
        validationSchema={schema}
        validateOnBlur={false}
        validateOnChange={false}
        onSubmit={submit}
        enableReinitialize
      >
        {(formik) => (
          <Form
            noValidate
            aria-label="Availability"
            onSubmit={(event) => {
              event.preventDefault();
              void attemptSubmit(formik);
            }}
          >
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
              <AvailabilityFields />
            </Paper>
            <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
              <Button component={RouterLink} to={BACK.to} variant="outlined">
                {BACK.label}
              </Button>
              <Button type="submit" variant="contained" disabled={formik.isSubmitting}>
                {formik.isSubmitting ? 'Saving...' : 'Save Availability'}
              </Button>
            </Stack>
          </Form>
        )}
      </Formik>
    </>
  );
}

/** The answers as they stand, once only the organisers may change them. */
export function AvailabilityAnswers({ availability }: { availability: Availability }) {
  const { settings } = useSettings();
  const contact = settings.contactEmail;
  return (
    <>
      <Alert severity="info" sx={{ mb: 3 }}>
        Your availability can no longer be changed online: schedules are out. Write to <Link href={`mailto:${contact}`}>{contact}</Link>.
      </Alert>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <FactList
          facts={[
            [
              'Days or hours you cannot work',
              availability.unavailable.length ? (
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {availability.unavailable.map((time) => (
                    <li key={`${time.day} ${time.from}`}>{unavailableText(time)}</li>
                  ))}
                </Box>
              ) : (
                'None'
              ),
            ],
            ['Most hours you can work in a day', availability.maxHoursPerDay === null ? 'No limit' : String(availability.maxHoursPerDay)],
            ['Rest between shifts', availability.minRestMinutes === null ? 'None asked' : `${availability.minRestMinutes} minutes`],
          ]}
        />
      </Paper>
      <Button component={RouterLink} to={BACK.to} variant="outlined">
        {BACK.label}
      </Button>
    </>
  );
}
