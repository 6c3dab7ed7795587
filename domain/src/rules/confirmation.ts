import { SHIRT_SIZES } from '../options/lists.js';
import { PRECONFERENCE_START_TIMES } from '../options/lists.js';
import type { ConfirmationForm } from '../contract/applications.js';

/** Declared once, as wire shapes, in domain/src/contract/applications.ts. */
export type { ConfirmationForm } from '../contract/applications.js';

/** The passport answers of the confirmation form; their labels name the edition's dates (`passportStatuses` in edition.ts). */
export const PASSPORT_STATUS_VALUES = ['valid', 'applying', 'notNeeded', 'none'] as const;

export function emptyConfirmationForm(): ConfirmationForm {
  return {
    priorSv: false,
    passportStatus: '',
    shirtSize: '',
    diet: false,
    dietRestrictions: '',
    emailConsent: false,
    photoConsent: false,
    wantsMembership: false,
    additionalInfo: '',
    preconfShifts: false,
    preconfStart: 'friday',
    preconfStartTime: '12:00',
    artGallery: false,
    labs: false,
    pavillion: false,
    inPerson: false,
  };
}

export const CONFIRMATION_MESSAGES = {
  passportStatus: 'Please select a passport status.',
  shirtSize: 'Please select a t-shirt size.',
  dietRestrictions: 'Please describe your dietary restrictions below.',
  emailConsent: 'Please consent to the email policy.',
  photoConsent: 'Please consent to the photo and video policy.',
} as const;

export type ConfirmationStep1Field = keyof typeof CONFIRMATION_MESSAGES;

/** Step 1 is checked in a fixed order; the first failure is the one shown (docs/product.md, 'Confirmation'). */
export function confirmationStep1Error(form: Partial<ConfirmationForm>): { field: ConfirmationStep1Field; message: string } | null {
  const passports: readonly string[] = PASSPORT_STATUS_VALUES;
  const sizes = SHIRT_SIZES.map((o) => o.value);
  if (!form.passportStatus || !passports.includes(form.passportStatus))
    return { field: 'passportStatus', message: CONFIRMATION_MESSAGES.passportStatus };
  if (!form.shirtSize || !sizes.includes(form.shirtSize)) return { field: 'shirtSize', message: CONFIRMATION_MESSAGES.shirtSize };
  if (form.diet && !form.dietRestrictions?.trim()) return { field: 'dietRestrictions', message: CONFIRMATION_MESSAGES.dietRestrictions };
  if (!form.emailConsent) return { field: 'emailConsent', message: CONFIRMATION_MESSAGES.emailConsent };
  if (!form.photoConsent) return { field: 'photoConsent', message: CONFIRMATION_MESSAGES.photoConsent };
  return null;
}

/** Step 2's one requirement: the commitment to serve in person (docs/decisions.md, 'The in-person commitment'). */
export const IN_PERSON_MESSAGE = 'Please commit to serving in person for the whole conference week.';

export function confirmationStep2Error(form: Partial<ConfirmationForm>): { field: 'inPerson'; message: string } | null {
  return form.inPerson === true ? null : { field: 'inPerson', message: IN_PERSON_MESSAGE };
}

/** What the server checks before a place is confirmed: step 1 in its fixed order, then step 2. */
export function confirmationError(form: Partial<ConfirmationForm>): { field: ConfirmationStep1Field | 'inPerson'; message: string } | null {
  return confirmationStep1Error(form) ?? confirmationStep2Error(form);
}

/** Pre-conference day and time only mean something when pre-conference shifts are wanted. */
export function normaliseConfirmation(form: ConfirmationForm): ConfirmationForm {
  return {
    ...form,
    dietRestrictions: form.diet ? form.dietRestrictions.trim() : '',
    preconfStart: form.preconfShifts ? form.preconfStart : 'friday',
    preconfStartTime: form.preconfShifts ? form.preconfStartTime : '12:00',
  };
}

export const isPreconferenceStartTime = (value: string) => PRECONFERENCE_START_TIMES.includes(value);
