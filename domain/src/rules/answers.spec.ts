import { describe, expect, it } from '@jest/globals';
import { FINANCIAL_SITUATIONS, REFERENCE_TYPES, TRANSPORTS } from '../options/lists.js';
import { answerText, countryName } from './answers.js';
import { emptyApplicationData } from './application.js';

describe('answerText', () => {
  it('names countries instead of their codes', () => {
    expect(answerText('schoolCountry', 'CA')).toBe('Canada');
    expect(answerText('schoolCountry', 'CI')).toBe(countryName('CI'));
    expect(answerText('schoolCountry', 'ZZ')).toBe('ZZ');
  });

  it('names every reference type, transport and financial situation by its label', () => {
    for (const { value, label } of REFERENCE_TYPES) {
      expect(answerText('firstReferenceType', value)).toBe(label);
      expect(answerText('secondReferenceType', value)).toBe(label);
    }
    for (const { value, label } of TRANSPORTS) expect(answerText('primaryTransport', value)).toBe(label);
    expect(
      answerText(
        'financialSituation',
        FINANCIAL_SITUATIONS.map((s) => s.value),
      ),
    ).toBe(FINANCIAL_SITUATIONS.map((s) => s.label).join('; '));
    expect(answerText('firstReferenceType', 'professor')).toBe('Professor/Teacher');
    expect(answerText('financialSituation', ['internationalStudent', 'working'])).toBe(
      'I am an international student; I work while studying',
    );
  });

  it('names months, and writes years, numbers and yes/no plainly', () => {
    expect(answerText('expectedGraduationMonth', 5)).toBe('May');
    expect(answerText('expectedGraduationYear', 2027)).toBe('2027');
    expect(answerText('yearsVolunteered', [2023, 2024])).toBe('2023; 2024');
    expect(answerText('estimatedTravelCost', 1650)).toBe('1650');
    expect(answerText('haveAttended', true)).toBe('Yes');
    expect(answerText('fundedTravel', false)).toBe('No');
  });

  it('keeps free text as typed, and no answer as nothing', () => {
    expect(answerText('essay1', 'Why I volunteer, "really"')).toBe('Why I volunteer, "really"');
    expect(answerText('schoolName', '')).toBe('');
    expect(answerText('estimatedTravelCost', null)).toBe('');
    expect(answerText('yearsVolunteered', [])).toBe('');
  });

  it('keeps a value the lists do not know, rather than losing it', () => {
    expect(answerText('primaryTransport', 'boat')).toBe('boat');
    expect(answerText('financialSituation', ['lottery'])).toBe('lottery');
  });

  it('answers text for every field of an empty application', () => {
    for (const [field, value] of Object.entries(emptyApplicationData())) expect(typeof answerText(field as never, value)).toBe('string');
  });
});
