import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ConfirmationForm, type Gates, defaultSettings, emptyConfirmationForm, normaliseConfirmation } from '@svp/domain';
import { jsonResponse } from '@svp/ui-test-kit';
import { Route } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationRecord, ProfileUser, PublicSettings } from '../../api/types';
import { ProtectedRoute } from '../../routes/ProtectedRoute';
import { renderRoutes } from '../../test/kit/renderPage';
import { publicSettings } from '../../test/kit/settings';
import AvailabilityPage from '../availability/AvailabilityPage';
import ConfirmationPage, { AVAILABILITY_NOT_SAVED } from './ConfirmationPage';

const MESSAGES = {
  passport: 'Please select a passport status.',
  shirt: 'Please select a t-shirt size.',
  diet: 'Please describe your dietary restrictions below.',
  email: 'Please consent to the email policy.',
  photo: 'Please consent to the photo and video policy.',
};

const NO_GATES: Gates = {
  beforeLaunch: false,
  applicationsOpen: false,
  afterTeamLeaderDeadline: true,
  teamLeaderApplicationsOpen: false,
  afterApplicationDeadline: true,
  referencesOpen: false,
  afterReferencesDeadline: true,
  afterJuryRelease: true,
  afterJuryDeadline: true,
  juryOpen: false,
  afterDecisions: true,
  afterConfirmationDeadline: false,
  schedulesOut: false,
};

// The page judges the offer's deadline on the server's clock (here the real one): the timeline agrees with the gates.
const CONFIRMATION_DEADLINE = { passed: '2020-12-01T06:59:00.000Z', ahead: '2036-12-01T06:59:00.000Z' };

/** An edition other than the default one: every date the form names must come from it. */
const EDITION_2027 = {
  name: 'SIGGRAPH 2027',
  firstShiftDay: '2027-07-30',
  startDate: '2027-07-31',
  endDate: '2027-08-05',
  defaultScheduleDay: '2027-07-30',
};

function settingsWith(gates: Partial<Gates>): PublicSettings {
  const defaults = defaultSettings();
  const confirmationDeadline = gates.afterConfirmationDeadline ? CONFIRMATION_DEADLINE.passed : CONFIRMATION_DEADLINE.ahead;
  const timeline = { ...defaults.timeline, confirmationDeadline };
  return publicSettings(timeline, Date.now(), {
    gates: { ...NO_GATES, ...gates },
    conference: { ...defaults.conference, ...EDITION_2027 },
    statusLabels: [],
    mailingListUrl: defaults.mailingListUrl,
    resultTexts: defaults.resultTexts,
    edition: { id: 1, key: '2027', name: EDITION_2027.name },
  });
}

const profile = {
  id: 7,
  svid: 'SV-42',
  sv_id: 'SV-42',
  given_name: 'Ada',
  family_name: 'Lovelace',
  nickname: '',
  is_team_leader: false,
} as ProfileUser;

function applicationIn(state: ApplicationRecord['sv']['state'], data: Partial<ApplicationRecord['data']> = {}): ApplicationRecord {
  return {
    id: 3,
    completed: true,
    data: { haveVolunteered: false, haveVolunteeredAsia: false, ...data },
    sv: { application_status_id: 1, status: state, state, tag: state === 'confirmed' ? 'SV' : null },
  } as ApplicationRecord;
}

type Reply = { status: number; body: unknown };
const ok = (data: unknown): Reply => ({ status: 200, body: { success: true, data } });
const failure = (status: number, data: Record<string, unknown>): Reply => ({ status, body: { success: false, data } });

interface Scenario {
  gates?: Partial<Gates>;
  /** 'none' answers 404 (no application yet), 'error' a server failure. */
  application?: ApplicationRecord | 'none' | 'error';
  /** Answers to POST /users/confirm, one per call. */
  confirmReplies?: (Reply | Promise<Reply>)[];
  /** Settings answered after the first GET /settings (a refresh). */
  laterGates?: Partial<Gates>;
  /** Answers to PUT /users/availability, one per call. */
  availabilityReplies?: Reply[];
}

const token = `e30.${btoa(JSON.stringify({ sub: 7, role: 'Student-Volunteer', admin: false, exp: 4102444800 }))}.signature`;

function openConfirmation(scenario: Scenario = {}) {
  const { gates = {}, application = applicationIn('offered'), confirmReplies = [], laterGates, availabilityReplies = [] } = scenario;
  const requests: { method: string; path: string; body: unknown }[] = [];
  let settingsCalls = 0;
  const currentApplication = application;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = url.replace(/^\/api/, '');
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      requests.push({ method, path, body });
      let reply: Reply;
      if (path === '/settings') reply = ok(settingsWith(settingsCalls++ > 0 && laterGates ? laterGates : gates));
      else if (path === '/users/profile') reply = ok({ user: profile, session: {} });
      else if (path === `/application/${profile.id}`)
        reply =
          currentApplication === 'none'
            ? failure(404, { message: 'No application yet', err: 'NOT_FOUND' })
            : currentApplication === 'error'
              ? failure(500, { message: 'Internal error', err: 'INTERNAL' })
              : ok(currentApplication);
      else if (path === '/users/confirm' && method === 'POST') {
        reply = await (confirmReplies.shift() ?? failure(500, { message: 'No answer prepared', err: 'INTERNAL' }));
      } else if (path === '/users/availability' && method === 'PUT') {
        reply = availabilityReplies.shift() ?? failure(500, { message: 'No answer prepared', err: 'INTERNAL' });
      } else if (path === '/users/availability') {
        reply = ok({
          unavailable: [],
          maxHoursPerDay: null,
          minRestMinutes: null,
          editable: true,
          editableUntil: '2036-12-20T07:00:00.000Z',
        });
      } else reply = failure(404, { message: `Unexpected ${method} ${path}`, err: 'NOT_FOUND' });
      return jsonResponse(reply.status, reply.body);
    }),
  );
  renderRoutes(
    <Route element={<ProtectedRoute />}>
      <Route path="/confirmation" element={<ConfirmationPage />} />
      <Route path="/dashboard" element={<h1>Dashboard page</h1>} />
      <Route path="/availability" element={<AvailabilityPage />} />
    </Route>,
    { at: '/confirmation', fromServer: true },
  );
  return {
    requests,
    confirmCalls: () => requests.filter((r) => r.path === '/users/confirm'),
    availabilitySaves: () => requests.filter((r) => r.path === '/users/availability' && r.method === 'PUT'),
  };
}

const user = () => userEvent.setup();
const dangerAlert = () => screen.getByTestId('danger-alert');
const nextStep = () => screen.getByRole('button', { name: 'Next Step' });
const inPersonBox = () => screen.getByRole('checkbox', { name: /^I will be in person from/ });

async function expectStep1Message(message: string) {
  await waitFor(() => expect(dangerAlert()).toHaveTextContent(message));
  // Shown next to the field as well as in the danger alert.
  expect(screen.getAllByText(message)).toHaveLength(2);
  expect(screen.getByRole('heading', { level: 2, name: /Step 1 of 2/ })).toBeInTheDocument();
}

async function chooseFromSelect(u: ReturnType<typeof user>, label: string | RegExp, option: string) {
  await u.click(screen.getByRole('combobox', { name: label }));
  await u.click(await screen.findByRole('option', { name: option }));
}

async function fillStep1(u: ReturnType<typeof user>, { diet }: { diet?: string } = {}) {
  await u.click(screen.getByRole('radio', { name: /valid through at least September 2027/ }));
  await chooseFromSelect(u, 'T-shirt size', 'M');
  if (diet) {
    await u.click(screen.getByRole('radio', { name: 'Yes' }));
    await u.type(screen.getByRole('textbox', { name: 'Dietary restrictions' }), diet);
  }
  await u.click(screen.getByRole('checkbox', { name: /email policy/ }));
  await u.click(screen.getByRole('checkbox', { name: /photo and video policy/ }));
}

beforeEach(() => {
  localStorage.setItem('svp.token', token);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('ConfirmationPage', () => {
  it('loads the application by profile id and shows step 1 of the form for an offered position', async () => {
    const { requests } = openConfirmation();
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm Your Position' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Step 1 of 2: Registration and Details' })).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'GET' && r.path === '/application/7')).toBe(true);
    expect(screen.getByText(/Please confirm it by/)).toHaveTextContent('1 December 2036 at 06:59 UTC');
    expect(screen.getByText('Every in-person SV receives 2 t-shirts.')).toBeInTheDocument();
    // The edition's dates, not a year written in the page.
    expect(screen.getByText(/valid through at least September 2027, or you must acquire it by 1 July 2027/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'I have a passport valid through at least September 2027' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'I will have a passport by 1 July 2027' })).toBeInTheDocument();
    expect(screen.getByText(/During the conference \(31 July to 5 August 2027\)/)).toBeInTheDocument();
  });

  it('stops Next Step at the first failing answer, in the fixed order, one message at a time', { timeout: 30000 }, async () => {
    const u = user();
    openConfirmation();
    await screen.findByRole('heading', { level: 2, name: /Step 1 of 2/ });

    await u.click(nextStep());
    await expectStep1Message(MESSAGES.passport);

    await u.click(screen.getByRole('radio', { name: /valid through at least September 2027/ }));
    await u.click(nextStep());
    await expectStep1Message(MESSAGES.shirt);

    await chooseFromSelect(u, 'T-shirt size', 'L');
    await u.click(screen.getByRole('radio', { name: 'Yes' }));
    await u.click(nextStep());
    await expectStep1Message(MESSAGES.diet);

    await u.type(screen.getByRole('textbox', { name: 'Dietary restrictions' }), 'Vegetarian');
    await u.click(nextStep());
    await expectStep1Message(MESSAGES.email);

    await u.click(screen.getByRole('checkbox', { name: /email policy/ }));
    await u.click(nextStep());
    await expectStep1Message(MESSAGES.photo);

    await u.click(screen.getByRole('checkbox', { name: /photo and video policy/ }));
    await u.click(nextStep());
    expect(await screen.findByRole('heading', { level: 2, name: 'Step 2 of 2: Shift Requests' })).toBeInTheDocument();
    expect(screen.queryByTestId('danger-alert')).not.toBeInTheDocument();
  });

  it('enables the dietary restrictions text only when the answer is yes', async () => {
    const u = user();
    openConfirmation();
    const text = await screen.findByRole('textbox', { name: 'Dietary restrictions' });
    expect(text).toBeDisabled();
    await u.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(text).toBeEnabled();
    await u.click(screen.getByRole('radio', { name: 'No' }));
    expect(text).toBeDisabled();
  });

  it('asks for the pre-conference day and time only when pre-conference shifts are wanted', { timeout: 20000 }, async () => {
    const u = user();
    openConfirmation();
    await screen.findByRole('heading', { level: 2, name: /Step 1 of 2/ });
    await fillStep1(u);
    await u.click(nextStep());
    await screen.findByRole('heading', { level: 2, name: /Step 2 of 2/ });

    expect(screen.queryByRole('radiogroup', { name: 'First day I can work' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Earliest start time/ })).not.toBeInTheDocument();
    expect(screen.getByText(/over 25 hours may mean/)).toBeInTheDocument();

    await u.click(screen.getByRole('checkbox', { name: 'I would like pre-conference shifts' }));
    expect(screen.getByRole('radio', { name: 'Friday 30 July' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Earliest start time (Pacific Daylight Time, UTC-7)' })).toHaveTextContent('12:00');

    await u.click(screen.getByRole('checkbox', { name: 'I would like pre-conference shifts' }));
    expect(screen.queryByRole('radio', { name: 'Friday 30 July' })).not.toBeInTheDocument();
  });

  it(
    'goes Next Step, Previous Step (answers kept), Next Step, then submits the normalised form and lands on the dashboard',
    { timeout: 30000 },
    async () => {
      const u = user();
      let answer!: (reply: Reply) => void;
      const confirmed = applicationIn('confirmed');
      const { confirmCalls } = openConfirmation({ confirmReplies: [new Promise<Reply>((resolve) => (answer = resolve))] });
      await screen.findByRole('heading', { level: 2, name: /Step 1 of 2/ });
      await fillStep1(u, { diet: '  No peanuts  ' });
      await u.click(screen.getByRole('checkbox', { name: /student member/ }));
      await u.type(screen.getByRole('textbox', { name: 'Additional information' }), 'Arriving on the 7th');
      await u.click(nextStep());
      await screen.findByRole('heading', { level: 2, name: /Step 2 of 2/ });

      await u.click(screen.getByRole('button', { name: 'Previous Step' }));
      await screen.findByRole('heading', { level: 2, name: /Step 1 of 2/ });
      expect(screen.getByRole('radio', { name: /valid through at least September 2027/ })).toBeChecked();
      expect(screen.getByRole('textbox', { name: 'Dietary restrictions' })).toHaveValue('  No peanuts  ');
      await u.click(nextStep());
      await screen.findByRole('heading', { level: 2, name: /Step 2 of 2/ });

      await u.click(screen.getByRole('checkbox', { name: 'I would like pre-conference shifts' }));
      await u.click(screen.getByRole('radio', { name: 'Saturday 31 July' }));
      await chooseFromSelect(u, /Earliest start time/, '08:30');
      await u.click(screen.getByRole('tab', { name: 'Art Gallery' }));
      await u.click(screen.getByRole('checkbox', { name: 'I would like Art Gallery shifts' }));
      await u.click(screen.getByRole('tab', { name: 'Immersive Pavilion' }));
      await u.click(screen.getByRole('checkbox', { name: 'I would like Immersive Pavilion shifts' }));
      expect(screen.getByText('Your requests: Pre-conference Shifts, Art Gallery, Immersive Pavilion.')).toBeInTheDocument();
      await u.click(
        screen.getByRole('checkbox', {
          name: /I will be in person from 31 July to 5 August 2027, and I will not depart before 6PM on 5 August/,
        }),
      );

      await u.click(screen.getByRole('button', { name: 'Submit' }));
      expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Previous Step' })).toBeDisabled();

      const expected: ConfirmationForm = normaliseConfirmation({
        ...emptyConfirmationForm(),
        passportStatus: 'valid',
        shirtSize: 'm',
        diet: true,
        dietRestrictions: '  No peanuts  ',
        emailConsent: true,
        photoConsent: true,
        wantsMembership: true,
        additionalInfo: 'Arriving on the 7th',
        preconfShifts: true,
        preconfStart: 'saturday',
        preconfStartTime: '08:30',
        artGallery: true,
        pavillion: true,
        inPerson: true,
      });
      expect(confirmCalls()).toEqual([{ method: 'POST', path: '/users/confirm', body: { ...expected, sv_id: 'SV-42' } }]);
      expect(expected.dietRestrictions).toBe('No peanuts');

      answer(ok({ message: 'Your place is confirmed. See you in Vancouver!', application: confirmed }));
      expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
      expect(await screen.findByTestId('primary-alert')).toHaveTextContent('Your place is confirmed. See you in Vancouver!');
    },
  );

  it(
    'sends the default pre-conference day and time when pre-conference shifts were ticked and then unticked',
    { timeout: 20000 },
    async () => {
      const u = user();
      const { confirmCalls } = openConfirmation({
        confirmReplies: [ok({ message: 'Your place is confirmed. See you in Vancouver!', application: applicationIn('confirmed') })],
      });
      await screen.findByRole('heading', { level: 2, name: /Step 1 of 2/ });
      await fillStep1(u);
      await u.click(nextStep());
      await screen.findByRole('heading', { level: 2, name: /Step 2 of 2/ });
      await u.click(screen.getByRole('checkbox', { name: 'I would like pre-conference shifts' }));
      await u.click(screen.getByRole('radio', { name: 'Saturday 31 July' }));
      await u.click(screen.getByRole('checkbox', { name: 'I would like pre-conference shifts' }));
      await u.click(inPersonBox());
      await u.click(screen.getByRole('button', { name: 'Submit' }));
      await screen.findByRole('heading', { name: 'Dashboard page' });
      expect(confirmCalls()[0]!.body).toMatchObject({
        preconfShifts: false,
        preconfStart: 'friday',
        preconfStartTime: '12:00',
        diet: false,
        dietRestrictions: '',
      });
    },
  );

  it('stays on step 2 and asks for the in-person commitment before sending anything', { timeout: 20000 }, async () => {
    const u = user();
    const { confirmCalls } = openConfirmation({
      confirmReplies: [ok({ message: 'Your place is confirmed. See you in Vancouver!', application: applicationIn('confirmed') })],
    });
    await screen.findByRole('heading', { level: 2, name: /Step 1 of 2/ });
    await fillStep1(u);
    await u.click(nextStep());
    await screen.findByRole('heading', { level: 2, name: /Step 2 of 2/ });
    await u.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(dangerAlert()).toHaveTextContent('Please commit to serving in person for the whole conference week.'));
    expect(screen.getByRole('heading', { level: 2, name: /Step 2 of 2/ })).toBeInTheDocument();
    expect(confirmCalls()).toHaveLength(0);
    await waitFor(() => expect(inPersonBox()).toHaveFocus());

    await u.click(inPersonBox());
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('heading', { name: 'Dashboard page' });
    expect(confirmCalls()[0]!.body).toMatchObject({ inPerson: true });
  });

  it('goes back to step 1 with the message when the server refuses a step-1 answer (400)', { timeout: 20000 }, async () => {
    const u = user();
    openConfirmation({
      confirmReplies: [failure(400, { message: MESSAGES.photo, err: 'VALIDATION_FAILED', errors: { photoConsent: MESSAGES.photo } })],
    });
    await screen.findByRole('heading', { level: 2, name: /Step 1 of 2/ });
    await fillStep1(u);
    await u.click(nextStep());
    await screen.findByRole('heading', { level: 2, name: /Step 2 of 2/ });
    await u.click(inPersonBox());
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    await expectStep1Message(MESSAGES.photo);
  });

  it('shows any other server error and stays on step 2', { timeout: 20000 }, async () => {
    const u = user();
    openConfirmation({
      confirmReplies: [failure(503, { message: 'The database is unavailable. Please try again shortly.', err: 'DB_UNAVAILABLE' })],
    });
    await screen.findByRole('heading', { level: 2, name: /Step 1 of 2/ });
    await fillStep1(u);
    await u.click(nextStep());
    await screen.findByRole('heading', { level: 2, name: /Step 2 of 2/ });
    await u.click(inPersonBox());
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(dangerAlert()).toHaveTextContent('The database is unavailable. Please try again shortly.'));
    expect(screen.getByRole('heading', { level: 2, name: /Step 2 of 2/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('shows the deadline notice when the server says the deadline passed while the form was open', { timeout: 20000 }, async () => {
    const u = user();
    openConfirmation({
      confirmReplies: [failure(409, { message: 'The confirmation deadline has passed', err: 'DEADLINE_PASSED' })],
      laterGates: { afterConfirmationDeadline: true },
    });
    await screen.findByRole('heading', { level: 2, name: /Step 1 of 2/ });
    await fillStep1(u);
    await u.click(nextStep());
    await screen.findByRole('heading', { level: 2, name: /Step 2 of 2/ });
    await u.click(inPersonBox());
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(dangerAlert()).toHaveTextContent('The confirmation deadline has passed'));
    expect(await screen.findByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  describe('the availability answers of step 2', () => {
    const confirmedReply = () => ok({ message: 'Your place is confirmed. See you in Vancouver!', application: applicationIn('confirmed') });
    const savedAvailability = (body: unknown) => ok({ ...(body as object), editable: true, editableUntil: '2036-12-20T07:00:00.000Z' });
    const section = () => screen.getByRole('heading', { level: 3, name: 'Your Availability (Optional)' }).closest('section')!;

    async function toStep2(u: ReturnType<typeof user>) {
      await screen.findByRole('heading', { level: 2, name: /Step 1 of 2/ });
      await fillStep1(u);
      await u.click(nextStep());
      await screen.findByRole('heading', { level: 2, name: /Step 2 of 2/ });
    }

    it('are optional: a place is confirmed without them, and nothing else is saved', { timeout: 20000 }, async () => {
      const u = user();
      const { confirmCalls, availabilitySaves } = openConfirmation({ confirmReplies: [confirmedReply()] });
      await toStep2(u);
      expect(within(section()).getByRole('button', { name: 'Add a day or hours' })).toBeInTheDocument();
      expect(within(section()).getByRole('textbox', { name: 'Most hours you can work in a day' })).toHaveValue('');
      await u.click(inPersonBox());
      await u.click(screen.getByRole('button', { name: 'Submit' }));
      await screen.findByRole('heading', { name: 'Dashboard page' });
      expect(confirmCalls()).toHaveLength(1);
      expect(confirmCalls()[0]!.body).not.toHaveProperty('availability');
      expect(availabilitySaves()).toHaveLength(0);
    });

    it('are saved with PUT once the place is confirmed, and only then', { timeout: 30000 }, async () => {
      const u = user();
      const expected = {
        unavailable: [
          { day: '2027-07-31', from: null, to: null },
          { day: '2027-08-02', from: '14:00', to: '18:00' },
        ],
        maxHoursPerDay: 8,
        minRestMinutes: 30,
      };
      const { requests, availabilitySaves } = openConfirmation({
        confirmReplies: [confirmedReply()],
        availabilityReplies: [savedAvailability(expected)],
      });
      await toStep2(u);
      const add = within(section()).getByRole('button', { name: 'Add a day or hours' });
      await u.click(add);
      // The edition's days with shifts, from its first shift day.
      const day = within(section()).getByRole('combobox', { name: 'Day' });
      expect(
        within(day)
          .getAllByRole('option')
          .map((o) => o.textContent)
          .slice(1, 3),
      ).toEqual(['Friday 30 July', 'Saturday 31 July']);
      await u.selectOptions(day, 'Saturday 31 July');
      await u.click(add);
      const second = screen.getByRole('group', { name: 'Time you cannot work 2' });
      await u.selectOptions(within(second).getByRole('combobox', { name: 'Day' }), 'Monday 2 August');
      await u.click(within(second).getByRole('radio', { name: 'Only some hours' }));
      await u.type(within(second).getByLabelText('From'), '14:00');
      await u.type(within(second).getByLabelText('To'), '18:00');
      await u.type(within(section()).getByRole('textbox', { name: 'Most hours you can work in a day' }), '8');
      await u.type(within(section()).getByRole('textbox', { name: 'Minutes of rest between shifts' }), '30');
      await u.click(inPersonBox());
      await u.click(screen.getByRole('button', { name: 'Submit' }));

      expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
      expect(await screen.findByTestId('primary-alert')).toHaveTextContent('Your place is confirmed. See you in Vancouver!');
      expect(availabilitySaves()).toEqual([{ method: 'PUT', path: '/users/availability', body: expected }]);
      const order = requests.filter((r) => r.method !== 'GET').map((r) => r.path);
      expect(order).toEqual(['/users/confirm', '/users/availability']);
      expect(requests.find((r) => r.path === '/users/confirm')!.body).not.toHaveProperty('availability');
    });

    it('are checked before anything is sent: the message shows at the answer to fix', { timeout: 20000 }, async () => {
      const u = user();
      const fixed = { unavailable: [{ day: '2027-08-01', from: '15:00', to: '19:00' }], maxHoursPerDay: null, minRestMinutes: null };
      const { confirmCalls, availabilitySaves } = openConfirmation({
        confirmReplies: [confirmedReply()],
        availabilityReplies: [savedAvailability(fixed)],
      });
      await toStep2(u);
      await u.click(within(section()).getByRole('button', { name: 'Add a day or hours' }));
      await u.selectOptions(within(section()).getByRole('combobox', { name: 'Day' }), 'Sunday 1 August');
      await u.click(within(section()).getByRole('radio', { name: 'Only some hours' }));
      await u.type(within(section()).getByLabelText('From'), '15:00');
      await u.type(within(section()).getByLabelText('To'), '09:00');
      await u.click(inPersonBox());
      await u.click(screen.getByRole('button', { name: 'Submit' }));

      const message = 'The end of the time you cannot work must be after its start.';
      await waitFor(() => expect(dangerAlert()).toHaveTextContent(message));
      expect(within(section()).getByText(message)).toBeInTheDocument();
      await waitFor(() => expect(within(section()).getByLabelText('To')).toHaveFocus());
      expect(screen.getByRole('heading', { level: 2, name: /Step 2 of 2/ })).toBeInTheDocument();
      expect(confirmCalls()).toHaveLength(0);

      await u.clear(within(section()).getByLabelText('To'));
      await u.type(within(section()).getByLabelText('To'), '19:00');
      await u.click(screen.getByRole('button', { name: 'Submit' }));
      await screen.findByRole('heading', { name: 'Dashboard page' });
      expect(confirmCalls()).toHaveLength(1);
      expect(availabilitySaves()[0]!.body).toEqual(fixed);
    });

    it(
      'go on to the availability page, as typed and with the reasons, when they cannot be saved with the confirmation',
      { timeout: 20000 },
      async () => {
        const u = user();
        const reason = 'Choose one of the conference days, 2027-07-30 to 2027-08-05.';
        const { confirmCalls } = openConfirmation({
          confirmReplies: [confirmedReply()],
          availabilityReplies: [failure(400, { message: reason, err: 'VALIDATION_FAILED', errors: { 'unavailable.0.day': reason } })],
        });
        await toStep2(u);
        await u.click(within(section()).getByRole('button', { name: 'Add a day or hours' }));
        await u.selectOptions(within(section()).getByRole('combobox', { name: 'Day' }), 'Thursday 5 August');
        await u.type(within(section()).getByRole('textbox', { name: 'Most hours you can work in a day' }), '6');
        await u.click(inPersonBox());
        await u.click(screen.getByRole('button', { name: 'Submit' }));

        expect(await screen.findByRole('heading', { level: 1, name: 'Your Availability' })).toBeInTheDocument();
        expect(confirmCalls()).toHaveLength(1);
        expect(await screen.findByTestId('primary-alert')).toHaveTextContent('Your place is confirmed. See you in Vancouver!');
        expect(dangerAlert()).toHaveTextContent(`${AVAILABILITY_NOT_SAVED} ${reason}`);
        const time = await screen.findByRole('group', { name: 'Time you cannot work 1' });
        expect(within(time).getByRole('combobox', { name: 'Day' })).toHaveValue('2027-08-05');
        expect(within(time).getByText(reason)).toBeInTheDocument();
        expect(screen.getByRole('textbox', { name: 'Most hours you can work in a day' })).toHaveValue('6');
      },
    );
  });

  describe('without an offer to confirm', () => {
    const noticeCases: [string, Scenario, string][] = [
      ['after the confirmation deadline', { gates: { afterConfirmationDeadline: true } }, 'The confirmation deadline has passed'],
      ['for a pending application', { application: applicationIn('pending') }, 'There is no offer to confirm.'],
      ['for a declined position', { application: applicationIn('declined') }, 'There is no offer to confirm.'],
      ['without an application', { application: 'none' }, 'There is no offer to confirm.'],
      ['before decisions are out', { gates: { afterDecisions: false } }, 'There is no offer to confirm.'],
      ['for a confirmed position', { application: applicationIn('confirmed') }, 'You have already confirmed your position.'],
    ];
    it.each(noticeCases)('%s it says why and links back to the dashboard', async (_name, scenario, text) => {
      openConfirmation(scenario);
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
      expect(screen.queryByRole('form', { name: 'Confirmation form' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Next Step' })).not.toBeInTheDocument();
    });

    it('says when the application cannot be loaded', async () => {
      openConfirmation({ application: 'error' });
      await waitFor(() => expect(dangerAlert()).toHaveTextContent('Unable to load application'));
      expect(within(screen.getByRole('main')).getByRole('link', { name: 'Back to Dashboard' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Next Step' })).not.toBeInTheDocument();
    });
  });
});
