import {
  CONFIRMATION_MESSAGES,
  type ConfirmationForm,
  type ConfirmationStep1Field,
  PRECONFERENCE_START_TIMES,
  confirmationError,
  confirmationStep1Error,
} from '@svp/domain';
import type { FormikErrors } from 'formik';
import { domainSchema } from '../../forms/domainSchema';

/** The two steps of the confirmation form (applicant-area §2). */
export const CONFIRMATION_STEPS = ['Registration and Details', 'Shift Requests'] as const;

/** Step 1 is the domain rule, which reports only the first failure in the spec's order. */
const registrationSchema = domainSchema<ConfirmationForm>((form) => {
  const problem = confirmationStep1Error(form);
  return problem ? [problem] : [];
});

/** Submitting re-checks step 1, as the server does, then asks for step 2's in-person commitment. */
const wholeFormSchema = domainSchema<ConfirmationForm>((form) => {
  const problem = confirmationError(form);
  return problem ? [problem] : [];
});

export const confirmationStepSchemas = [registrationSchema, wholeFormSchema] as const;

const STEP1_FIELDS = Object.keys(CONFIRMATION_MESSAGES) as ConfirmationStep1Field[];
const FIELDS_BY_STEP: readonly (readonly string[])[] = [STEP1_FIELDS, ['inPerson']];

/** The step (0 or 1) a field of the form is asked on. */
export const stepOfField = (field: string): number => FIELDS_BY_STEP.findIndex((fields) => fields.includes(field));

/** The failing field, its step and its message, if Formik's errors hold one (step 1's first). */
export function formProblem(errors: FormikErrors<ConfirmationForm>): { field: string; step: number; message: string } | null {
  const field = FIELDS_BY_STEP.flat().find((name) => typeof errors[name as keyof ConfirmationForm] === 'string');
  return field ? { field, step: stepOfField(field), message: errors[field as keyof ConfirmationForm] as string } : null;
}

export const LABELS = {
  passportStatus: 'Passport status',
  priorSv: 'I have been a Student Volunteer at a past conference',
  shirtSize: 'T-shirt size',
  diet: 'Do you have dietary restrictions?',
  dietRestrictions: 'Dietary restrictions',
  emailConsent: 'I consent to the email policy: the programme may email me about my position, my shifts and the conference.',
  photoConsent: 'I consent to the photo and video policy: I may appear in photos and videos taken at the conference, which the conference may publish.',
  wantsMembership: 'Yes, I would like to join ACM SIGGRAPH as a student member.',
  additionalInfo: 'Additional information',
  preconfShifts: 'I would like pre-conference shifts',
  preconfStart: 'First day I can work',
  preconfStartTime: 'Earliest start time (Pacific Daylight Time, UTC-7)',
  artGallery: 'I would like Art Gallery shifts',
  labs: 'I would like Labs shifts',
  pavillion: 'I would like Immersive Pavillion shifts',
} as const;

export const PRECONFERENCE_TIME_CHOICES = PRECONFERENCE_START_TIMES.map((time) => ({ value: time, label: time }));
