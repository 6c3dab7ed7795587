import { describe, expect, it } from '@jest/globals';
import {
  type ConfirmationForm,
  IN_PERSON_MESSAGE,
  confirmationError,
  confirmationStep1Error,
  confirmationStep2Error,
  emptyConfirmationForm,
  normaliseConfirmation,
} from './confirmation.js';

const valid: ConfirmationForm = {
  ...emptyConfirmationForm(),
  passportStatus: 'valid',
  shirtSize: 'm',
  emailConsent: true,
  photoConsent: true,
};

describe('confirmation step 1', () => {
  it('passes a form with every required answer', () => {
    expect(confirmationStep1Error(valid)).toBeNull();
  });

  it('checks in the fixed order and names the first failure with its exact message', () => {
    expect(confirmationStep1Error(emptyConfirmationForm())?.message).toBe('Please select a passport status.');
    expect(confirmationStep1Error({ ...emptyConfirmationForm(), passportStatus: 'valid' })?.message).toBe('Please select a t-shirt size.');
    expect(confirmationStep1Error({ ...valid, diet: true })?.message).toBe('Please describe your dietary restrictions below.');
    expect(confirmationStep1Error({ ...valid, diet: true, dietRestrictions: '  ' })?.field).toBe('dietRestrictions');
    expect(confirmationStep1Error({ ...valid, diet: true, dietRestrictions: 'Vegan' })).toBeNull();
    expect(confirmationStep1Error({ ...valid, emailConsent: false, photoConsent: false })?.message).toBe(
      'Please consent to the email policy.',
    );
    expect(confirmationStep1Error({ ...valid, photoConsent: false })?.message).toBe('Please consent to the photo and video policy.');
  });

  it('refuses values outside the lists as if unchosen', () => {
    expect(confirmationStep1Error({ ...valid, passportStatus: 'forged' })?.field).toBe('passportStatus');
    expect(confirmationStep1Error({ ...valid, shirtSize: 'xxxxl' })?.field).toBe('shirtSize');
  });

  it('needs the in-person commitment of step 2, after every answer of step 1', () => {
    expect(confirmationStep2Error(valid)).toEqual({ field: 'inPerson', message: IN_PERSON_MESSAGE });
    expect(confirmationStep2Error({ ...valid, inPerson: true })).toBeNull();
    expect(confirmationError(valid)?.field).toBe('inPerson');
    expect(confirmationError({ ...valid, shirtSize: '' })?.field).toBe('shirtSize');
    expect(confirmationError({ ...valid, inPerson: true })).toBeNull();
  });

  it('drops diet text and pre-conference choices that their switches turned off', () => {
    const form = normaliseConfirmation({
      ...valid,
      diet: false,
      dietRestrictions: 'Vegan',
      preconfShifts: false,
      preconfStart: 'saturday',
      preconfStartTime: '08:00',
    });
    expect(form).toMatchObject({ dietRestrictions: '', preconfStart: 'friday', preconfStartTime: '12:00' });
    expect(normaliseConfirmation({ ...valid, preconfShifts: true, preconfStart: 'saturday', preconfStartTime: '08:00' })).toMatchObject({
      preconfStart: 'saturday',
      preconfStartTime: '08:00',
    });
  });
});
