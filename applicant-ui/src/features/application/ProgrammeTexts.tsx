import { Alert, Box, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { PublicSettings } from '../../api/types';

// What applicants read about the programme (applicant-area §1): the eligibility note, the chair's
// welcome and the responsibilities they agree to. The edition's facts come from the settings.

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function day(isoDay: string): Date {
  return new Date(`${isoDay}T00:00:00Z`);
}

/** '9 to 14 August 2025' from two calendar days of the same month. */
export function serviceDates(startDate: string, endDate: string): string {
  const first = day(startDate);
  const last = day(endDate);
  const lastText = `${last.getUTCDate()} ${MONTH_NAMES[last.getUTCMonth()]} ${last.getUTCFullYear()}`;
  if (first.getUTCMonth() === last.getUTCMonth() && first.getUTCFullYear() === last.getUTCFullYear()) return `${first.getUTCDate()} to ${lastText}`;
  return `${first.getUTCDate()} ${MONTH_NAMES[first.getUTCMonth()]} to ${lastText}`;
}

/** 'Friday 8 August' for a calendar day. */
function weekdayAndDate(isoDay: string): string {
  const date = day(isoDay);
  return `${date.toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' })} ${date.getUTCDate()} ${MONTH_NAMES[date.getUTCMonth()]}`;
}

function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 3, '& > li': { mb: 0.75 } }}>
      {items.map((item, index) => (
        <Typography component="li" key={index}>
          {item}
        </Typography>
      ))}
    </Box>
  );
}

/** Who may apply, as stated to applicants. */
export function EligibilityNote() {
  return (
    <Alert severity="info" sx={{ my: 2 }} data-testid="eligibility-note">
      <Typography sx={{ fontWeight: 'bold' }}>Who can apply</Typography>
      <Bullets
        items={[
          'Full-time high school, undergraduate or graduate students for at least one semester between June 2024 and September 2025.',
          'Aged 18 or older by 8 August 2025.',
          'Team Leaders need at least 1 year of prior SV experience.',
        ]}
      />
    </Alert>
  );
}

export function ChairWelcome({ settings }: { settings: PublicSettings }) {
  const { conference } = settings;
  return (
    <Box>
      <Typography sx={{ mb: 2 }}>Dear applicant,</Typography>
      <Typography sx={{ mb: 2 }}>
        Thank you for your interest in the {conference.name} Student Volunteer program in {conference.city},{' '}
        {serviceDates(conference.startDate, conference.endDate)}. Student Volunteers are the heart of the conference: you help
        run the sessions, the exhibitions and the many events that make the week happen, and in return you meet the people who
        shape computer graphics and interactive techniques.
      </Typography>
      <Typography sx={{ mb: 2 }}>
        This application takes you through your academic information, two professional references, your conference
        experience and three short essays. If you have volunteered before you can also apply to be a Team Leader, and anyone
        may ask for financial aid. Your answers are saved each time you move to the next section, so you can finish over
        several visits.
      </Typography>
      <EligibilityNote />
      <Typography sx={{ mb: 2 }}>We look forward to reading your application.</Typography>
      <Typography>
        The Student Volunteer Program Chair
        <br />
        {conference.name}
      </Typography>
    </Box>
  );
}

/** Expectations, ethics, benefits and deadlines: what the agreement on the last tab covers. */
export function Responsibilities({ settings }: { settings: PublicSettings }) {
  const { conference, resultTexts, contactEmail } = settings;
  return (
    <Box>
      <Typography variant="h3" sx={{ mt: 2, mb: 1 }}>
        Expectations
      </Typography>
      <Bullets
        items={[
          `Student Volunteers work about ${conference.svHours} hours; Team Leaders about ${conference.tlHours} hours.`,
          `Service dates are ${serviceDates(conference.startDate, conference.endDate)}. You must stay until 6PM on the last day, ${weekdayAndDate(conference.endDate)}. Pre-conference shifts may start on ${weekdayAndDate(conference.firstShiftDay)}.`,
          'No housing is provided: plan your own accommodation and travel.',
          'Arrive at the SV Office 30 minutes before each of your shifts.',
          'If you travel internationally, your passport must be valid through at least September 2025, or be acquired by 1 August 2025.',
        ]}
      />
      <Typography variant="h3" sx={{ mt: 2, mb: 1 }}>
        Ethics
      </Typography>
      <Bullets
        items={[
          'You represent the conference: treat attendees, contributors, staff and fellow volunteers with respect, and follow the Code of Conduct.',
          'Be honest in this application: the essays and references must be your own and true.',
          'Keep to your shifts; if you cannot make one, tell your Team Leader or the SV Office as early as you can.',
        ]}
      />
      <Typography variant="h3" sx={{ mt: 2, mb: 1 }}>
        Benefits
      </Typography>
      <Bullets
        items={[
          'Full conference registration.',
          'Special sessions for Student Volunteers.',
          'Resume and reel review.',
          'Professional development.',
          'Networking with the computer graphics community.',
          'Every in-person Student Volunteer receives 2 t-shirts.',
        ]}
      />
      <Typography variant="h3" sx={{ mt: 2, mb: 1 }}>
        Deadlines
      </Typography>
      <Bullets
        items={[
          'Deadlines close at 22:00 UTC. Late submissions are never accepted.',
          `Team Leader results are sent ${resultTexts.teamLeaderResults}; Student Volunteer results ${resultTexts.studentVolunteerResults}. A position must be confirmed by ${resultTexts.confirmBy}.`,
          'Financial aid is decided by a blind jury, and funds are released only after the conference.',
          <>
            Questions? Email <Link href={`mailto:${contactEmail}`}>{contactEmail}</Link>.
          </>,
        ]}
      />
    </Box>
  );
}
