import { applicationYears, defaultSettings } from '@svp/domain';
import { describe, expect, it } from 'vitest';
import { applicationData, draftAnswers, saveBody, wizardValues, withHeldBack } from './applicationForm';
import { isPerStepPath } from './perStepPages';

const years = applicationYears(defaultSettings('sv@example.org'));
const values = (overrides: Partial<ReturnType<typeof wizardValues>> = {}) => ({ ...wizardValues(null), ...overrides });

describe('draft saves', () => {
  it('hold back only the answers failing their checks, with their messages', () => {
    const { heldBack, problems } = draftAnswers(values({ airportCode: 'yu', essay1: 'Fine' }), values(), years);
    expect(heldBack).toEqual(['airportCode']);
    expect(problems).toEqual([{ field: 'airportCode', message: 'Airport Code must be 3 letters, e.g. YVR' }]);
  });

  it('hold back a stored answer failing its check too, but do not call it unsaved', () => {
    const stored = values({ schoolCountry: 'XX' as never });
    const { heldBack, problems } = draftAnswers({ ...stored, essay1: 'Fine' }, stored, years);
    expect(heldBack).toEqual(['schoolCountry']);
    expect(problems).toEqual([]);
  });

  it("hold back the whole experience tab when 'first conference' is ticked with another box", () => {
    const { heldBack } = draftAnswers(values({ haveNotAttended: true, haveAttended: true }), values(), years);
    expect(heldBack).toEqual(expect.arrayContaining(['haveNotAttended', 'haveAttended', 'haveVolunteered', 'yearsVolunteered']));
  });

  it('leave the held-back answers and the step out of the data sent, so the server keeps what it has', () => {
    const body = saveBody({
      svid: 'ABCD2345',
      values: values({ airportCode: 'yu', essay1: 'Fine' }),
      completed: false,
      basedOn: 'v1',
      heldBack: ['airportCode'],
    });
    expect(body.data).toMatchObject({ essay1: 'Fine' });
    expect(body.data).not.toHaveProperty('airportCode');
    expect(body.data).not.toHaveProperty('step');
    expect(applicationData(values(), 3)).toMatchObject({ step: 3 });
  });

  it('count the held-back answers as they were last saved', () => {
    const saved = values({ airportCode: 'YVR' });
    expect(withHeldBack(values({ airportCode: 'yu', essay1: 'New' }), saved, ['airportCode'])).toMatchObject({
      airportCode: 'YVR',
      essay1: 'New',
    });
  });
});

describe('isPerStepPath', () => {
  it.each([
    ['/application/1', true],
    ['/application/submit', true],
    ['/application', false],
    ['/application/5', false],
    ['/application/view', false],
    ['/application/1/x', false],
    ['/dashboard', false],
  ])('%s → %s', (path, expected) => expect(isPerStepPath(path)).toBe(expected));
});
