import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { Form, Formik, type FormikHelpers, type FormikProps } from 'formik';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ErrorCode } from '@svp/domain';
import { ApiError, type ApiErrorCode } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import type { RefereeForm } from '../../api/types';
import { domainSchema } from '../../forms/domainSchema';
import { useAlerts } from '../../state/AlertsContext';
import { useSettings } from '../../state/SettingsContext';
import { LoadingText } from '../application/LoadingText';
import { serverFieldErrors } from '../availability/availabilityForm';
import { formatDateTime } from '../home/dateText';
import { LoadFailed } from '../schedule/LoadFailed';
import { DECLINE_ACTION, DeclineReferenceDialog } from './DeclineReferenceDialog';
import { ReferenceFields } from './ReferenceFields';
import {
  type ReferenceValues,
  firstProblemField,
  focusReferenceField,
  referenceAnswer,
  referenceProblems,
  referenceValues,
} from './referenceForm';

export const SUBMIT_REFERENCE = 'Submit reference';
export const ANSWERS_NEED_ATTENTION = 'Some answers need attention: see the message under each.';

/** The contract's thank-you sentence, with the closing date. */
export const thankYouText = (closesAt: string) =>
  `Thank you. Your reference has been received. You can correct it with the same link until ${formatDateTime(closesAt)}.`;

/** Headings for the server's refusals of a link; its message says the rest. */
const REFUSAL_TITLES: Partial<Record<ApiErrorCode, string>> = {
  [ErrorCode.ReferenceLinkInvalid]: 'This link is not valid',
  [ErrorCode.ReferenceClosed]: 'References have closed',
  [ErrorCode.ReferenceDeclined]: 'Reference declined',
  [ErrorCode.ReferenceWithdrawn]: 'Reference request withdrawn',
};

/** Refusals of the link itself, shown as the whole page; anything else (a server or network failure) can be tried again. */
const isRefusal = (error: unknown): error is ApiError => error instanceof ApiError && [400, 401, 403, 404, 410].includes(error.status);

type View =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'refused'; code: ApiErrorCode; message: string }
  | { kind: 'form'; form: RefereeForm }
  | { kind: 'thanks'; form: RefereeForm }
  | { kind: 'declined'; form: RefereeForm };

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

/**
 * /reference/:token — the referee's form, reached from the emailed link without an account: the
 * relationship, how long they have known the applicant, four ratings and a statement; or a decline.
 * The same link opens the given answer again, to correct it until the closing date.
 */
export default function RefereePage() {
  const { token = '' } = useParams();
  const { showError, clearAll } = useAlerts();
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    setView({ kind: 'loading' });
    endpoints.refereeForm(token).then(
      (form) => active && setView({ kind: 'form', form }),
      (error: unknown) => {
        if (!active) return;
        if (isRefusal(error)) setView({ kind: 'refused', code: error.code, message: error.message });
        else {
          setView({ kind: 'failed' });
          showError(error);
        }
      },
    );
    return () => {
      active = false;
    };
  }, [token, attempt, showError]);

  const refuse = (error: ApiError) => {
    clearAll();
    setView({ kind: 'refused', code: error.code, message: error.message });
  };

  return (
    <Box sx={{ maxWidth: 760, mx: 'auto' }}>
      {view.kind === 'loading' && <LoadingText text="Opening the reference form..." />}
      {view.kind === 'failed' && (
        <>
          <Typography variant="h4" component="h1" gutterBottom>
            Reference
          </Typography>
          <LoadFailed what="The reference form" onRetry={() => setAttempt((n) => n + 1)} />
        </>
      )}
      {view.kind === 'refused' && <Refusal title={REFUSAL_TITLES[view.code] ?? 'This reference cannot be opened'} message={view.message} />}
      {view.kind === 'declined' && (
        <Refusal
          title="Reference declined"
          message={
            `Thank you for letting us know. You declined to give a reference for ${fullName(view.form.applicant)}; there is ` +
            `nothing more to do.`
          }
        />
      )}
      {(view.kind === 'form' || view.kind === 'thanks') && (
        <ReferencePage
          key={view.kind}
          token={token}
          form={view.form}
          thanked={view.kind === 'thanks'}
          onSaved={(form) => setView({ kind: 'thanks', form })}
          onCorrect={() => setView({ kind: 'form', form: view.form })}
          onDeclined={() => setView({ kind: 'declined', form: view.form })}
          onRefused={refuse}
        />
      )}
    </Box>
  );
}

/** A refusal or an ending, as the whole page: the server's own words. */
function Refusal({ title, message }: { title: string; message: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Box sx={{ py: 2 }}>
      <Typography variant="h4" component="h1" gutterBottom ref={heading} tabIndex={-1} sx={{ outline: 'none' }}>
        {title}
      </Typography>
      <Typography data-testid="reference-refusal">{message}</Typography>
    </Box>
  );
}

function ReferencePage({
  token,
  form,
  thanked,
  onSaved,
  onCorrect,
  onDeclined,
  onRefused,
}: {
  token: string;
  form: RefereeForm;
  thanked: boolean;
  onSaved: (form: RefereeForm) => void;
  onCorrect: () => void;
  onDeclined: () => void;
  onRefused: (error: ApiError) => void;
}) {
  const { settings } = useSettings();
  const { showError, clearAll } = useAlerts();
  const [declining, setDeclining] = useState(false);
  const thanks = useRef<HTMLDivElement>(null);
  const applicant = fullName(form.applicant);
  const initialValues = useMemo(() => referenceValues(form.answer), [form.answer]);
  const schema = useMemo(() => domainSchema<ReferenceValues>(referenceProblems), []);

  // The thank-you takes the cursor (and the screen reader) when it appears.
  useEffect(() => {
    if (thanked) thanks.current?.focus();
  }, [thanked]);

  // Formik marks every field touched and skips onSubmit when a rule fails; the first failing field gets the cursor.
  const attemptSubmit = async (formik: FormikProps<ReferenceValues>) => {
    await formik.submitForm();
    const first = firstProblemField(referenceProblems(formik.values).map((p) => p.field));
    if (!first) return;
    showError(ANSWERS_NEED_ATTENTION);
    requestAnimationFrame(() => focusReferenceField(first));
  };

  const submit = async (values: ReferenceValues, helpers: FormikHelpers<ReferenceValues>) => {
    clearAll();
    try {
      onSaved(await endpoints.submitReference(token, referenceAnswer(values)));
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 410)) {
        onRefused(error);
        return;
      }
      if (error instanceof ApiError && Object.keys(error.errors).length) {
        const fields = serverFieldErrors(error.errors);
        helpers.setErrors(fields.errors);
        void helpers.setTouched(fields.touched, false);
        const first = firstProblemField(Object.keys(error.errors));
        if (first) requestAnimationFrame(() => focusReferenceField(first));
      }
      showError(error);
    }
  };

  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        Reference for {applicant}
      </Typography>
      <Typography sx={{ mb: 1, fontWeight: 'bold' }}>{form.programme}</Typography>
      {thanked ? (
        <>
          <Alert severity="success" role="status" ref={thanks} tabIndex={-1} sx={{ mb: 3 }} data-testid="reference-thanks">
            {thankYouText(form.closesAt)}
          </Alert>
          <Button variant="outlined" onClick={onCorrect}>
            Correct your reference
          </Button>
        </>
      ) : (
        <>
          <Typography sx={{ mb: 1 }}>
            Dear {fullName(form.referee)}, {applicant} named you as a referee in their application. Your answers go to the organisers and
            the jury; the applicant never sees them.
          </Typography>
          <Typography sx={{ mb: 3 }}>
            You can give or correct your reference until <strong>{formatDateTime(form.closesAt)}</strong>. Questions marked * are required.
          </Typography>
          {form.state === 'received' && (
            <Alert severity="info" sx={{ mb: 3 }}>
              You gave this reference{form.answeredAt ? ` on ${formatDateTime(form.answeredAt)}` : ''}. Correct any answer below and submit
              it again to replace it.
            </Alert>
          )}
          <Formik initialValues={initialValues} validationSchema={schema} validateOnBlur={false} onSubmit={submit}>
            {(formik) => (
              <Form
                noValidate
                aria-label="Reference"
                onSubmit={(event) => {
                  event.preventDefault();
                  void attemptSubmit(formik);
                }}
              >
                <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
                  <ReferenceFields />
                </Paper>
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  disabled={formik.isSubmitting}
                  sx={{ width: { xs: '100%', sm: 'auto' } }}
                >
                  {SUBMIT_REFERENCE}
                </Button>
              </Form>
            )}
          </Formik>
          {form.state === 'requested' && (
            <Box component="section" aria-labelledby="decline-heading" sx={{ mt: 5 }}>
              <Typography variant="h6" component="h2" id="decline-heading" gutterBottom>
                Cannot give a reference?
              </Typography>
              <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Typography>
                  If you do not know {applicant} well enough, or cannot give a reference for another reason, let us know.
                </Typography>
                <Button variant="outlined" color="error" onClick={() => setDeclining(true)}>
                  {DECLINE_ACTION}
                </Button>
              </Stack>
              <DeclineReferenceDialog
                open={declining}
                token={token}
                applicantName={applicant}
                contactEmail={settings.contactEmail}
                onClose={() => setDeclining(false)}
                onDeclined={() => {
                  setDeclining(false);
                  clearAll();
                  onDeclined();
                }}
                onRefused={(error) => {
                  setDeclining(false);
                  onRefused(error);
                }}
              />
            </Box>
          )}
        </>
      )}
    </>
  );
}
