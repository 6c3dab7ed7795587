import { Alert, Box, Link, Typography } from '@mui/material';
import { type ConferenceFacts, editionTexts } from '@svp/domain';
import type { ReactNode } from 'react';
import type { PublicSettings } from '../../api/types';
import { useSettings } from '../../state/SettingsContext';
import { formatDateTime, timeOfDay } from '../home/dateText';

// What applicants read about the programme (docs/product.md, 'Programme facts'): the eligibility note, the chair's
// welcome and the responsibilities they agree to. The edition's facts come from the settings.

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

/** Who may apply, as stated to applicants, with the edition's dates. */
export function EligibilityNote({ conference }: { conference?: ConferenceFacts }) {
  const { settings } = useSettings();
  const texts = editionTexts(conference ?? settings.conference);
  return (
    <Alert severity="info" sx={{ my: 2 }} data-testid="eligibility-note">
      <Typography sx={{ fontWeight: 'bold' }}>Who can apply</Typography>
      <Bullets items={[texts.studentEligibility, texts.ageEligibility, 'Team Leaders need at least 1 year of prior SV experience.']} />
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
        {editionTexts(conference).serviceDays}. Student Volunteers are the heart of the conference: you help run the sessions, the
        exhibitions and the many events that make the week happen, and in return you meet the people who shape computer graphics and
        interactive techniques.
      </Typography>
      <Typography sx={{ mb: 2 }}>
        This application takes you through your academic information, two professional references, your conference experience and three
        short essays. If you have volunteered before you can also apply to be a Team Leader, and anyone may ask for financial aid. Your
        answers are saved as you type, so you can finish over several visits.
      </Typography>
      <EligibilityNote conference={conference} />
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
  const { conference, resultTexts, contactEmail, timeline } = settings;
  const texts = editionTexts(conference);
  return (
    <Box>
      <Typography variant="h3" sx={{ mt: 2, mb: 1 }}>
        Expectations
      </Typography>
      <Bullets
        items={[
          `Student Volunteers work about ${conference.svHours} hours; Team Leaders about ${conference.tlHours} hours.`,
          `Service dates are ${texts.serviceDays}. You must stay until ${texts.stayUntil}, the last day. Pre-conference shifts ` +
            `may start on ${texts.firstShiftDay}.`,
          'No housing is provided: plan your own accommodation and travel.',
          'Arrive at the SV Office 30 minutes before each of your shifts.',
          `If you travel internationally, your passport must be valid through at least ${texts.passportValidThrough}, or be ` +
            `acquired by ${texts.passportBy}.`,
        ]}
      />
      <Typography variant="h3" sx={{ mt: 2, mb: 1 }}>
        Ethics
      </Typography>
      <Bullets
        items={[
          'You represent the conference: treat attendees, contributors, staff and fellow volunteers with respect, and follow the ' +
            'Code of Conduct.',
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
          `Deadlines close at ${timeOfDay(timeline.applicationEndDate)} UTC: Team Leader applications ` +
            `on ${formatDateTime(timeline.teamLeaderEndDate)}, all applications on ${formatDateTime(timeline.applicationEndDate)}. ` +
            `Late submissions are never accepted.`,
          `Team Leader results are sent ${resultTexts.teamLeaderResults}; Student Volunteer ` +
            `results ${resultTexts.studentVolunteerResults}. A position must be confirmed by ${resultTexts.confirmBy}.`,
          'Financial aid is decided by a blind jury, and funds are released only after the conference.',
          <>
            Questions? Email <Link href={`mailto:${contactEmail}`}>{contactEmail}</Link>.
          </>,
        ]}
      />
    </Box>
  );
}
