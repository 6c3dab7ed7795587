import { describe, expect, it } from '@jest/globals';
import { DEFAULT_CONFERENCE } from '../settings.js';
import {
  CERTIFICATE_FILES,
  CERTIFICATE_MESSAGES,
  certificateLetter,
  certificateRefusal,
  certificateRefusalMessage,
  certificatesOpen,
  certificatesOpenAt,
  formatWorkedHours,
  programmeSignature,
} from './certificates.js';

const at = (iso: string) => new Date(iso);
/** An edition in Vancouver whose last day of service is Thursday 13 August (Pacific daylight time, UTC−7). */
const conference = {
  ...DEFAULT_CONFERENCE,
  name: 'SIGGRAPH 2031',
  city: 'Vancouver',
  firstShiftDay: '2031-08-07',
  startDate: '2031-08-08',
  endDate: '2031-08-13',
};

describe('the certificates gate', () => {
  it('opens at the midnight that ends the last day, in the conference’s time zone', () => {
    expect(certificatesOpenAt(conference)).toEqual(at('2031-08-14T07:00:00.000Z'));
    expect(certificatesOpen(conference, at('2031-08-14T06:59:59.999Z'))).toBe(false);
    expect(certificatesOpen(conference, at('2031-08-14T07:00:00.000Z'))).toBe(true);
  });

  it('follows the zone’s offset in winter, and across the end of a month and a year', () => {
    expect(certificatesOpenAt({ endDate: '2031-12-31', timeZone: 'America/Los_Angeles' })).toEqual(at('2032-01-01T08:00:00.000Z'));
    expect(certificatesOpenAt({ endDate: '2031-08-31', timeZone: 'America/Vancouver' })).toEqual(at('2031-09-01T07:00:00.000Z'));
    // The last day is the one clocks fall back (2031-11-02): the next day starts in standard time.
    expect(certificatesOpenAt({ endDate: '2031-11-02', timeZone: 'America/Los_Angeles' })).toEqual(at('2031-11-03T08:00:00.000Z'));
  });

  it('refuses before the end, then without a place, then without worked hours; in that order', () => {
    const before = at('2031-08-13T20:00:00.000Z');
    const after = at('2031-08-20T12:00:00.000Z');
    expect(certificateRefusal(conference, before, { hasPlace: true, workedHours: 12 })).toBe('not-yet');
    expect(certificateRefusal(conference, before, { hasPlace: false, workedHours: 0 })).toBe('not-yet');
    expect(certificateRefusal(conference, after, { hasPlace: false, workedHours: 12 })).toBe('no-place');
    expect(certificateRefusal(conference, after, { hasPlace: true, workedHours: 0 })).toBe('no-hours');
    expect(certificateRefusal(conference, after, { hasPlace: true, workedHours: 0.02 })).toBeNull();
  });

  it('says why in a sentence, naming the first day certificates can be had', () => {
    expect(certificateRefusalMessage('not-yet', conference)).toBe(
      'Certificates of service can be downloaded from 14 August 2031, once the conference is over.',
    );
    expect(certificateRefusalMessage('no-place', conference)).toBe(CERTIFICATE_MESSAGES.noPlace);
    expect(certificateRefusalMessage('no-hours', conference)).toMatch(/^There are no worked hours on record for you/);
  });
});

describe('the letter', () => {
  it('names the holder, the edition from its settings, the hours worked and the programme that signs it', () => {
    const letter = certificateLetter({ name: 'Ann Able', svid: '123456', teamLeader: false, workedHours: 12.67 }, conference, '2031-08-20');
    expect(letter).toEqual({
      edition: 'SIGGRAPH 2031 · Vancouver',
      title: 'Certificate of Service',
      certifies: 'This certifies that',
      name: 'Ann Able',
      svid: 'SV ID 123456',
      paragraphs: [
        'served as a Student Volunteer at SIGGRAPH 2031, held in Vancouver from 8 to 13 August 2031, and worked 12.67 hours, as ' +
          'recorded at the check-in and check-out of each shift.',
        expect.stringMatching(/^The conference could not run without its volunteers\./),
      ],
      signature: 'The SIGGRAPH 2031 Student Volunteer Program',
      issued: 'Issued on 20 August 2031',
    });
  });

  it('says a team leader led, and one hour in the singular; a one-day edition has one date', () => {
    const letter = certificateLetter(
      { name: 'Tess Leader', svid: '7', teamLeader: true, workedHours: 1 },
      { ...conference, startDate: '2031-08-13' },
      '2031-08-14',
    );
    expect(letter.paragraphs[0]).toBe(
      'served as a Team Leader of the Student Volunteers at SIGGRAPH 2031, held in Vancouver on 13 August 2031, and worked 1 ' +
        'hour, as recorded at the check-in and check-out of each shift.',
    );
    expect(formatWorkedHours(4.5)).toBe('4.5 hours');
    expect(programmeSignature({ name: 'SIGGRAPH Asia 2031' })).toBe('The SIGGRAPH Asia 2031 Student Volunteer Program');
  });

  it('spans months and years as the edition’s other texts do', () => {
    expect(
      certificateLetter(
        { name: 'A', svid: '1', teamLeader: false, workedHours: 2 },
        { ...conference, startDate: '2031-12-30', endDate: '2032-01-02' },
        '2032-01-03',
      ).paragraphs[0],
    ).toContain('held in Vancouver from 30 December 2031 to 2 January 2032');
  });
});

describe('file names', () => {
  it('start with the conference’s name, made safe for a file', () => {
    expect(CERTIFICATE_FILES.own(conference)).toBe('siggraph-2031-certificate-of-service.pdf');
    expect(CERTIFICATE_FILES.of(conference, '123456')).toBe('siggraph-2031-certificate-of-service-123456.pdf');
    expect(CERTIFICATE_FILES.all({ name: 'SIGGRAPH Asia 2031: Tokyo!' })).toBe('siggraph-asia-2031-tokyo-certificates-of-service.pdf');
  });
});
