import { describe, expect, it } from 'vitest';
import { profileUser } from '../../test/kit/records';
import { formErrorsFromServer, missingFieldLabels, profileFormValues, profileUpdateBody } from './profileForm';

describe('profile form mapping', () => {
  it('round-trips the server names through the form values', () => {
    const user = profileUser({
      gender: ['other'],
      gender_identity: 'xe/xem',
      underrepresented: ['other'],
      underrepresented_group: 'Métis',
    });
    const body = profileUpdateBody(profileFormValues(user), user.svid, user.email);
    expect(body).toMatchObject({
      given_name: user.given_name,
      gender_identity: 'xe/xem',
      underrepresented_group: 'Métis',
      address: { postal_code: 'V6B 1A1', country: 'CA' },
      phone_number: user.phone_number,
    });
  });

  it("drops the free texts of an unticked 'other'", () => {
    const values = {
      ...profileFormValues(profileUser()),
      gender: ['she/her'],
      genderIdentity: 'left over',
      underrepresentedGroup: 'left over',
    };
    expect(profileUpdateBody(values, 'X', values.email)).toMatchObject({ gender_identity: '', underrepresented_group: '' });
  });

  it('sends the current password only with a new email address', () => {
    const user = profileUser({ email: 'ana@example.org' });
    const values = { ...profileFormValues(user), currentPassword: 'my-password' };
    expect(profileUpdateBody(values, 'X', user.email)).not.toHaveProperty('current_password');
    expect(profileUpdateBody({ ...values, email: ' ANA@example.org ' }, 'X', user.email)).not.toHaveProperty('current_password');
    expect(profileUpdateBody({ ...values, email: 'new@example.org' }, 'X', user.email)).toMatchObject({
      email: 'new@example.org',
      current_password: 'my-password',
    });
    expect(formErrorsFromServer({ current_password: 'That is not your current password.' })).toEqual({
      currentPassword: 'That is not your current password.',
    });
  });

  it("puts the server's field errors on the form's fields", () => {
    expect(formErrorsFromServer({ given_name: 'a', 'address.postal_code': 'b', 'address.city': 'c', unknown: 'd' })).toEqual({
      firstName: 'a',
      address: { postalCode: 'b', city: 'c' },
    });
  });

  it("names the profile's missing fields", () => {
    expect(missingFieldLabels(['birthdate', 'gender', 'address.postal_code'])).toEqual(['Date of birth', 'Pronouns', 'Postal code']);
  });
});
