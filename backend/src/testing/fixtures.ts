import { type ApplicationData, type ConfirmationForm, emptyConfirmationForm } from '@svp/domain';

const words = (n: number, word = 'volunteer') => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ');
export { words };

/** Every answer of a complete application except the proof, which is uploaded. */
export function completeApplicationData(overrides: Partial<ApplicationData> = {}): Omit<ApplicationData, 'proofOfEnrollment'> {
  return {
    schoolName: 'Emily Carr University',
    schoolCity: 'Vancouver',
    schoolState: 'BC',
    schoolCountry: 'CA',
    expectedGraduationMonth: 5,
    expectedGraduationYear: 2027,
    haveNotAttended: false,
    haveAttended: true,
    haveVolunteered: true,
    yearsVolunteered: [2023, 2024],
    haveAttendedAsia: false,
    haveVolunteeredAsia: false,
    yearsVolunteeredAsia: [],
    firstReferenceType: 'professor',
    firstReferenceFirstName: 'Ivan',
    firstReferenceLastName: 'Sutherland',
    firstReferenceEmail: 'ivan@example.edu',
    secondReferenceType: 'supervisor',
    secondReferenceFirstName: 'Evelyn',
    secondReferenceLastName: 'Berezin',
    secondReferenceEmail: 'evelyn@example.com',
    essay1: words(300, 'motivation'),
    essay2: words(250, 'diversity'),
    essay3: 'I listened first, then we found a plan together. 😊 Ünïcödé, 中文, and "quotes", commas.',
    teamLeaderEssay1: '',
    teamLeaderEssay2: '',
    otherComments: '',
    financialAidSummary: '',
    financialAidExpenses: '',
    financialSituation: [],
    estimatedTravelCost: null,
    primaryTransport: '',
    airportCode: '',
    otherTransport: '',
    fundedTravel: false,
    acceptedTerms: true,
    acceptedMediaRelease: true,
    acceptedPrivacy: true,
    ...overrides,
  };
}

/** A confirmation form a confirmed volunteer would have sent: in person, with the required answers. */
export function completeConfirmationForm(changes: Partial<ConfirmationForm> = {}): ConfirmationForm {
  return {
    ...emptyConfirmationForm(),
    passportStatus: 'valid',
    shirtSize: 'm',
    emailConsent: true,
    photoConsent: true,
    inPerson: true,
    ...changes,
  };
}

export const completeProfileFields = {
  nickname: null,
  birthdate: '2002-04-01',
  gender: ['they/them'],
  genderIdentity: null,
  underrepresented: [],
  underrepresentedGroup: null,
  disability: 'no' as const,
  disabilityType: null,
  address1: '1 Pixel Way',
  address2: null,
  city: 'Vancouver',
  region: 'BC',
  country: 'CA',
  postalCode: 'V6B 1A1',
  languages: ['English'],
  phoneNumber: '+1 604 555 0100',
};

/** A minimal valid PDF of about `size` bytes. */
export function pdfBytes(size = 2048): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20), tail]);
}

export function jpegBytes(size = 2048): Buffer {
  const head = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - 2), 0x11), Buffer.from([0xff, 0xd9])]);
}

export function pngBytes(size = 2048): Buffer {
  const head = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x22)]);
}
