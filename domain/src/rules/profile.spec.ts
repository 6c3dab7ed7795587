import { describe, expect, it } from '@jest/globals';
import { type Profile, isPhoneNumber, isProfileComplete, parseOptionList, profileMissingFields, validateProfileUpdate } from './profile.js';

const today = new Date('2026-01-15T12:00:00Z');

function completeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    nickname: '',
    birthdate: '2003-12-10',
    gender: ['she/her'],
    genderIdentity: '',
    underrepresented: [],
    underrepresentedGroup: '',
    disability: 'no',
    disabilityType: '',
    address: { address1: '12 Analytical St', address2: '', city: 'London', region: 'N/A', country: 'GB', postalCode: 'W1 1AA' },
    languages: ['English'],
    phoneNumber: '+44 20 7946 0958',
    canText: false,
    canCall: false,
    ...overrides,
  };
}

describe('profile completeness', () => {
  it('is complete with every completeness field filled, optional ones empty', () => {
    expect(profileMissingFields(completeProfile())).toEqual([]);
    expect(
      isProfileComplete(completeProfile({ nickname: '', languages: [], address: { ...completeProfile().address, address2: '' } })),
    ).toBe(true);
  });

  it('names each missing completeness field', () => {
    expect(profileMissingFields(completeProfile({ birthdate: '' }))).toEqual(['birthdate']);
    expect(profileMissingFields(completeProfile({ gender: [] }))).toEqual(['gender']);
    expect(profileMissingFields(completeProfile({ disability: '' }))).toEqual(['disability']);
    expect(profileMissingFields(completeProfile({ firstName: '  ' }))).toEqual(['firstName']);
    expect(profileMissingFields(completeProfile({ lastName: '' }))).toEqual(['lastName']);
    expect(profileMissingFields(completeProfile({ phoneNumber: '' }))).toEqual(['phoneNumber']);
    for (const field of ['address1', 'city', 'region', 'country', 'postalCode'] as const) {
      expect(profileMissingFields(completeProfile({ address: { ...completeProfile().address, [field]: '' } }))).toEqual([field]);
    }
  });

  it('treats a missing profile as missing everything', () => {
    expect(profileMissingFields(null)).toHaveLength(11);
    expect(isProfileComplete(undefined)).toBe(false);
  });

  it('does not need the type of disability for completeness', () => {
    expect(isProfileComplete(completeProfile({ disability: 'yes', disabilityType: '' }))).toBe(true);
  });
});

describe('validateProfileUpdate', () => {
  it('accepts a complete profile, with region N/A', () => {
    expect(validateProfileUpdate(completeProfile(), today)).toEqual([]);
  });

  it('requires the type of disability when the answer is yes', () => {
    expect(validateProfileUpdate(completeProfile({ disability: 'yes' }), today)).toEqual([
      { field: 'disabilityType', message: 'Type of disability is required' },
    ]);
    expect(validateProfileUpdate(completeProfile({ disability: 'yes', disabilityType: 'Low vision' }), today)).toEqual([]);
  });

  it('lists every missing required field', () => {
    const fields = validateProfileUpdate({ firstName: 'Ada' }, today).map((e) => e.field);
    expect(fields).toEqual([
      'birthdate',
      'gender',
      'disability',
      'lastName',
      'phoneNumber',
      'address1',
      'city',
      'region',
      'country',
      'postalCode',
    ]);
  });

  it('refuses values outside the option lists', () => {
    expect(validateProfileUpdate(completeProfile({ gender: ['she/her', 'xyz'] }), today)[0]?.field).toBe('gender');
    expect(validateProfileUpdate(completeProfile({ languages: ['Klingon'] }), today)[0]?.field).toBe('languages');
    expect(validateProfileUpdate(completeProfile({ underrepresented: ['martian'] }), today)[0]?.field).toBe('underrepresented');
    expect(validateProfileUpdate(completeProfile({ address: { ...completeProfile().address, country: 'XX' } }), today)[0]?.field).toBe(
      'country',
    );
    expect(validateProfileUpdate(completeProfile({ disability: 'maybe' as never }), today)[0]?.field).toBe('disability');
  });

  it('refuses dates that do not exist, are in the future, or are not YYYY-MM-DD', () => {
    for (const birthdate of ['2003-02-30', '2030-01-01', '10/12/2003', '1850-01-01']) {
      expect(validateProfileUpdate(completeProfile({ birthdate }), today)).toEqual([
        { field: 'birthdate', message: 'Date of birth must be a real past date (YYYY-MM-DD)' },
      ]);
    }
  });
});

describe('isPhoneNumber', () => {
  it('needs the international code and 7 to 15 digits', () => {
    expect(isPhoneNumber('+1 604 555 0100')).toBe(true);
    expect(isPhoneNumber('+1 (604) 555-0100')).toBe(true);
    expect(isPhoneNumber('+886912345678')).toBe(true);
    expect(isPhoneNumber('604 555 0100')).toBe(false);
    expect(isPhoneNumber('+12345')).toBe(false);
    expect(isPhoneNumber('+1 604 555 0100 ext 12')).toBe(false);
    expect(isPhoneNumber('+1234567890123456')).toBe(false);
  });
});

describe('parseOptionList', () => {
  const allowed = ['he/him', 'she/her', 'other'];
  it('splits comma- and brace-separated strings and keeps only listed values', () => {
    expect(parseOptionList('she/her,other', allowed)).toEqual(['she/her', 'other']);
    expect(parseOptionList('{he/him, she/her}', allowed)).toEqual(['he/him', 'she/her']);
    expect(parseOptionList('{"he/him","made-up"}', allowed)).toEqual(['he/him']);
    expect(parseOptionList(['other', 'other', 42], allowed)).toEqual(['other']);
    expect(parseOptionList('', allowed)).toEqual([]);
    expect(parseOptionList(null, allowed)).toEqual([]);
  });
});
