import {
  CONFIRMATION_MESSAGES,
  type ConfirmationForm,
  type ConfirmationStep1Field,
  type FieldError,
  PRECONFERENCE_START_TIMES,
  confirmationStep1Error,
  confirmationStep2Error,
  venuePreferenceLabel,
} from '@svp/domain';
import type { FormikErrors } from 'formik';
import { domainSchema } from '../../forms/domainSchema';
import { type AvailabilityValues, availabilityProblems, emptyAvailability } from '../availability/availabilityForm';

/** The wizard's values: the confirmation form and, on step 2, the optional availability answers (saved on their own). */
export type ConfirmationValues = ConfirmationForm & { availability: AvailabilityValues };

/** Where the availability answers sit in the wizard's values. */
export const AVAILABILITY_FIELD = 'availability';

export const emptyConfirmationValues = (form: ConfirmationForm): ConfirmationValues => ({ ...form, availability: emptyAvailability() });

/** The two steps of the confirmation form (docs/product.md, 'Confirmation'). */
export const CONFIRMATION_STEPS = ['Registration and Details', 'Shift Requests'] as const;

/** Step 1 is the domain rule, which reports only the first failure in its fixed order. */
const registrationSchema = domainSchema<ConfirmationForm>((form) => {
  const problem = confirmationStep1Error(form);
  return problem ? [problem] : [];
});

/**
 * Submitting re-checks step 1, as the server does, then step 2 in its order on the page: the
 * availability answers (the conference's days), then the in-person commitment; the first failure only.
 */
const wholeFormSchema = (days: readonly string[]) =>
  domainSchema<ConfirmationValues>((values) => {
    const problem: FieldError | null =
      confirmationStep1Error(values) ??
      availabilityProblems(values.availability, days).map(({ field, message }) => ({
        field: `${AVAILABILITY_FIELD}.${field}`,
        message,
      }))[0] ??
      confirmationStep2Error(values);
    return problem ? [problem] : [];
  });

/** The schema of each step, for an edition whose days with shifts are `days`. */
export const confirmationStepSchemas = (days: readonly string[]) => [registrationSchema, wholeFormSchema(days)] as const;

const STEP1_FIELDS = Object.keys(CONFIRMATION_MESSAGES) as ConfirmationStep1Field[];
const FIELDS_BY_STEP: readonly (readonly string[])[] = [STEP1_FIELDS, ['inPerson']];

/** The step (0 or 1) a field of the form is asked on; the availability answers are on step 2. */
export const stepOfField = (field: string): number =>
  field.startsWith(`${AVAILABILITY_FIELD}.`) ? 1 : FIELDS_BY_STEP.findIndex((fields) => fields.includes(field));

/** Every message of nested Formik errors by its path ('availability.unavailable.0.to'), in their order. */
function errorsByPath(errors: unknown, path = ''): [string, string][] {
  if (typeof errors === 'string') return [[path, errors]];
  if (!errors || typeof errors !== 'object') return [];
  return Object.entries(errors).flatMap(([key, inner]) => errorsByPath(inner, path ? `${path}.${key}` : key));
}

/** The failing field, its step and its message, if Formik's errors hold one (in the order the steps ask them). */
export function formProblem(errors: FormikErrors<ConfirmationValues>): { field: string; step: number; message: string } | null {
  const messages = errorsByPath(errors);
  const order = (field: string) => {
    const step1 = STEP1_FIELDS.indexOf(field as ConfirmationStep1Field);
    if (step1 >= 0) return step1;
    return field === 'inPerson' ? STEP1_FIELDS.length + 1 : stepOfField(field) === 1 ? STEP1_FIELDS.length : -1;
  };
  const [first] = messages.filter(([field]) => order(field) >= 0).sort(([a], [b]) => order(a) - order(b));
  return first ? { field: first[0], step: stepOfField(first[0]), message: first[1] } : null;
}

export const LABELS = {
  passportStatus: 'Passport status',
  priorSv: 'I have been a Student Volunteer at a past conference',
  shirtSize: 'T-shirt size',
  diet: 'Do you have dietary restrictions?',
  dietRestrictions: 'Dietary restrictions',
  emailConsent: 'I consent to the email policy: the programme may email me about my position, my shifts and the conference.',
  photoConsent:
    'I consent to the photo and video policy: I may appear in photos and videos taken at the conference, which the conference may publish.',
  wantsMembership: 'Yes, I would like to join ACM SIGGRAPH as a student member.',
  additionalInfo: 'Additional information',
  preconfShifts: 'I would like pre-conference shifts',
  preconfStart: 'First day I can work',
  preconfStartTime: 'Earliest start time (Pacific Daylight Time, UTC-7)',
  artGallery: `I would like ${venuePreferenceLabel('artGallery')} shifts`,
  labs: `I would like ${venuePreferenceLabel('labs')} shifts`,
  pavillion: `I would like ${venuePreferenceLabel('pavillion')} shifts`,
} as const;

export const PRECONFERENCE_TIME_CHOICES = PRECONFERENCE_START_TIMES.map((time) => ({ value: time, label: time }));
