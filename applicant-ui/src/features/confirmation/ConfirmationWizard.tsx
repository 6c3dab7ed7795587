import { Box, Button, Stack, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { type ConfirmationForm, conferenceDays, emptyConfirmationForm, normaliseConfirmation } from '@svp/domain';
import { Formik, type FormikHelpers, type FormikProps, setIn } from 'formik';
import { useMemo, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import type { ApplicationRecord } from '../../api/types';
import { useAlerts } from '../../state/AlertsContext';
import { useSettings } from '../../state/SettingsContext';
import { type AvailabilityValues, availabilityConstraints, hasAvailabilityAnswers } from '../availability/availabilityForm';
import {
  CONFIRMATION_STEPS,
  type ConfirmationValues,
  confirmationStepSchemas,
  emptyConfirmationValues,
  formProblem,
  stepOfField,
} from './confirmationFormModel';
import { RegistrationStep } from './RegistrationStep';
import { ShiftRequestsStep } from './ShiftRequestsStep';

export interface ConfirmationResult {
  message: string;
  application: ApplicationRecord;
  /** The place is confirmed but the availability answers given with it could not be saved: what they were, and why. */
  availabilityNotSaved?: { answers: AvailabilityValues; error: unknown };
}

/** Brings the failing field into view and gives it the keyboard focus. */
function focusField(name: string) {
  const element = document.getElementById(name) ?? document.querySelector<HTMLElement>(`[name="${name}"]`);
  element?.focus();
}

/**
 * The two-step confirmation form: one Formik for both steps, a yup schema per step (Formik's
 * multistep wizard). Step 1 stops at the first failing answer in its fixed order.
 *
 * Step 2's availability answers are optional and are not part of the confirmation: they are saved
 * (PUT /users/availability) only once the place is confirmed, so that they can never cost a
 * volunteer their place at the deadline; the same rules are checked before anything is sent.
 */
export function ConfirmationWizard({
  svid,
  initialValues,
  onConfirmed,
  onRefused,
}: {
  svid: string;
  initialValues?: Partial<ConfirmationForm>;
  onConfirmed: (result: ConfirmationResult) => void;
  /** The server says the offer cannot be confirmed any more (deadline, no offer, already confirmed). */
  onRefused: (error: ApiError) => void;
}) {
  const { showError, clearError } = useAlerts();
  const { settings } = useSettings();
  const schemas = useMemo(() => confirmationStepSchemas(conferenceDays(settings.conference)), [settings.conference]);
  const [step, setStep] = useState(0);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const isLastStep = step === CONFIRMATION_STEPS.length - 1;

  const goToStep = (next: number) => {
    setStep(next);
    window.scrollTo?.({ top: 0 });
    requestAnimationFrame(() => stepHeading.current?.focus());
  };

  const showProblem = (formik: FormikHelpers<ConfirmationValues>, problem: { field: string; message: string }) => {
    void formik.setTouched(setIn({}, problem.field, true), false);
    showError(problem.message);
    requestAnimationFrame(() => focusField(problem.field));
  };

  const next = async (formik: FormikProps<ConfirmationValues>) => {
    const problem = formProblem(await formik.validateForm());
    if (problem) {
      if (step !== problem.step) goToStep(problem.step);
      showProblem(formik, problem);
      return;
    }
    if (!isLastStep) {
      clearError();
      void formik.setTouched({}, false);
      goToStep(step + 1);
      return;
    }
    await formik.submitForm();
  };

  const submit = async ({ availability, ...form }: ConfirmationValues, formik: FormikHelpers<ConfirmationValues>) => {
    let confirmed: Awaited<ReturnType<typeof endpoints.confirm>>;
    try {
      confirmed = await endpoints.confirm(svid, normaliseConfirmation(form));
    } catch (error) {
      const fieldErrors = error instanceof ApiError && error.status === 400 ? error.errors : {};
      const field = Object.keys(fieldErrors).find((name) => stepOfField(name) >= 0);
      if (field) {
        // The server checks the form with the same rule; if it still refuses, the answer to fix is on its step.
        const message = fieldErrors[field]!;
        goToStep(stepOfField(field));
        formik.setErrors({ [field]: message });
        showProblem(formik, { field, message });
        return;
      }
      showError(error);
      if (error instanceof ApiError && error.status === 409) onRefused(error);
      return;
    }
    if (hasAvailabilityAnswers(availability)) {
      try {
        await endpoints.saveAvailability(availabilityConstraints(availability));
      } catch (error) {
        onConfirmed({ ...confirmed, availabilityNotSaved: { answers: availability, error } });
        return;
      }
    }
    onConfirmed(confirmed);
  };

  return (
    <Formik<ConfirmationValues>
      initialValues={emptyConfirmationValues({ ...emptyConfirmationForm(), ...initialValues })}
      validationSchema={schemas[step]}
      validateOnBlur={false}
      onSubmit={submit}
    >
      {(formik) => (
        <form
          noValidate
          aria-label="Confirmation form"
          onSubmit={(event) => {
            event.preventDefault();
            void next(formik);
          }}
        >
          <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
            {CONFIRMATION_STEPS.map((label) => (
              <Step key={label}>
                <StepLabel>{label}</StepLabel>
              </Step>
            ))}
          </Stepper>
          <Typography variant="h2" ref={stepHeading} tabIndex={-1} sx={{ fontSize: '1.5rem', mb: 3, outline: 'none' }}>
            Step {step + 1} of {CONFIRMATION_STEPS.length}: {CONFIRMATION_STEPS[step]}
          </Typography>
          {step === 0 ? <RegistrationStep /> : <ShiftRequestsStep />}
          <Box sx={{ mt: 4 }}>
            <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
              {step > 0 ? (
                <Button variant="outlined" onClick={() => goToStep(step - 1)} disabled={formik.isSubmitting}>
                  Previous Step
                </Button>
              ) : (
                <span />
              )}
              <Button type="submit" variant="contained" disabled={formik.isSubmitting}>
                {isLastStep ? (formik.isSubmitting ? 'Saving...' : 'Submit') : 'Next Step'}
              </Button>
            </Stack>
          </Box>
        </form>
      )}
    </Formik>
  );
}
