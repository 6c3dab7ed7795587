import { Box, Link, Typography } from '@mui/material';
import { useState } from 'react';
import type { PublicSettings } from '../../api/types';
import { formatDateTime, formatDayRange, formatWeekday, timeOfDay } from './dateText';

interface Question {
  question: string;
  answer: string;
}

const dueOrClosed = (passed: boolean, deadline: string) => `${passed ? 'closed on' : 'are due'} ${formatDateTime(deadline)}`;

/** The programme facts (docs/product.md, 'Programme facts'), with this edition's numbers and dates from the settings. */
export function faqFor(settings: PublicSettings): Question[] {
  const { conference, timeline, gates, resultTexts } = settings;
  const preConference =
    conference.firstShiftDay < conference.startDate
      ? ` Pre-conference shifts may start on ${formatWeekday(conference.firstShiftDay)}.`
      : '';
  return [
    {
      question: 'How many hours will I volunteer?',
      answer:
        `Student volunteers work about ${conference.svHours} hours during the conference; team leaders work ` +
        `about ${conference.tlHours} hours.`,
    },
    {
      question: 'When do I need to be in ' + conference.city + '?',
      answer:
        `Service dates are ${formatDayRange(conference.startDate, conference.endDate)}, and volunteers must stay until 6 PM ` +
        `on ${formatWeekday(conference.endDate)}.${preConference}`,
    },
    {
      question: 'Is housing provided?',
      answer: 'No. Housing is not provided, so please plan your own accommodation.',
    },
    {
      question: 'What do student volunteers receive?',
      answer:
        'Full conference registration, special sessions, resume and reel review, professional development and networking. Every ' +
        'in-person student volunteer receives 2 t-shirts.',
    },
    {
      question: 'When are the deadlines?',
      answer:
        `Team leader applications ${dueOrClosed(gates.afterTeamLeaderDeadline, timeline.teamLeaderEndDate)}; student volunteer ` +
        `applications ${dueOrClosed(gates.afterApplicationDeadline, timeline.applicationEndDate)}. Deadlines close ` +
        `at ${timeOfDay(timeline.applicationEndDate)} UTC, and late submissions are never accepted.`,
    },
    {
      question: 'Can I apply to be a team leader?',
      answer:
        'Team leaders need at least 1 year of prior student volunteer experience. You can opt in to the team leader questions in ' +
        'your application before the team leader deadline.',
    },
    {
      question: 'When will I hear back?',
      answer:
        `Team leader results are sent ${resultTexts.teamLeaderResults} and student volunteer ` +
        `results ${resultTexts.studentVolunteerResults}. A position must be confirmed by ${resultTexts.confirmBy}.`,
    },
    {
      question: 'Is financial aid available?',
      answer:
        'You can ask for financial aid in your application. It is decided by a blind jury, and funds are released only after the ' +
        'conference.',
    },
  ];
}

/** Contact address and frequently asked questions, shown on the home page in every state. */
export function ContactAndFaq({ settings }: { settings: PublicSettings }) {
  return (
    <Box component="section" aria-labelledby="faq-heading" sx={{ mt: 5 }}>
      <Typography id="faq-heading" variant="h2" gutterBottom>
        Frequently Asked Questions
      </Typography>
      {/* Each question is a button in an h3 of its own that shows or hides its answer (WAI-ARIA's accordion pattern). */}
      <div className="svp-faq">
        {faqFor(settings).map(({ question, answer }, index) => (
          <FaqItem key={question} id={`faq-${index}`} question={question} answer={answer} />
        ))}
      </div>
      <Typography variant="h2" gutterBottom>
        Contact
      </Typography>
      <Typography>
        Questions about the programme or your application? Email the student volunteer chairs at{' '}
        <Link href={`mailto:${settings.contactEmail}`}>{settings.contactEmail}</Link>.
      </Typography>
    </Box>
  );
}

/**
 * One question and its answer, shown when the question is pressed. Plain elements styled by index.html's
 * static rules (.svp-faq), looking like MUI's accordion without its cost: eight accordions (a paper, a
 * collapse with its transition, a button with its ripple each) were most of the home page's style work
 * at startup, below the first screen of a phone.
 */
function FaqItem({ id, question, answer }: { id: string; question: string; answer: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="svp-faq-item">
      <h3>
        <button type="button" id={`${id}-question`} aria-expanded={open} aria-controls={`${id}-answer`} onClick={() => setOpen(!open)}>
          <span>{question}</span>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z" />
          </svg>
        </button>
      </h3>
      <div id={`${id}-answer`} role="region" aria-labelledby={`${id}-question`} hidden={!open}>
        <p>{answer}</p>
      </div>
    </div>
  );
}
