import { Alert, Typography } from '@mui/material';
import {
  APPLICATION_LABELS,
  ESSAY_WORD_LIMIT,
  TEAM_LEADER_EXPERIENCE_RULE,
  canApplyAsTeamLeader,
  declaredVolunteerYears,
  teamLeaderEligibility,
} from '@svp/domain';
import { useFormikContext } from 'formik';
import type { PublicSettings } from '../../../api/types';
import { CheckboxInput } from '../../../components/form-fields';
import { type WizardValues, answersOf } from '../applicationForm';
import { WordCountedText } from '../WordCountedText';

export const TEAM_LEADER_DEADLINE_PASSED = 'The deadline for Team Leader applications has passed';

export const TEAM_LEADER_ESSAYS = [
  {
    name: 'teamLeaderEssay1',
    question:
      'Why do you want to be a Team Leader, and what would you like the Student Volunteers on your team to take away from the conference?',
  },
  {
    name: 'teamLeaderEssay2',
    question: 'Describe your leadership experience: a time you led a group, what you were responsible for, and what you learned from it.',
  },
] as const;

/**
 * Tab 5: the Team Leader opt-in and its two essays. Closed after the TL deadline and to first-timers
 * (domain canApplyAsTeamLeader). Opted in without a year volunteered before this edition, on the
 * portal's records or ticked on the SIGGRAPH Experience tab, it states the rule the submission is
 * checked against (domain teamLeaderEligibility); nothing while the records are unknown (`portalYears` null).
 */
export function TeamLeaderStep({
  settings,
  afterTeamLeaderDeadline,
  portalYears = null,
}: {
  settings: PublicSettings;
  afterTeamLeaderDeadline: boolean;
  portalYears?: readonly number[] | null;
}) {
  const { values, errors, touched } = useFormikContext<WizardValues>();
  const answers = answersOf(values);
  const open = canApplyAsTeamLeader(answers, afterTeamLeaderDeadline);
  const eligibility =
    portalYears && teamLeaderEligibility({ portalYears, declaredYears: declaredVolunteerYears(answers) }, Number(settings.edition.key));
  // The server's refusal on the opt-in says the same under it.
  const refused = touched.teamLeader && !!errors.teamLeader;
  const ruleBroken = open && values.teamLeader && eligibility && !eligibility.eligible && !refused;
  return (
    <>
      <Typography sx={{ mb: 2 }}>
        Team Leaders guide a team of Student Volunteers through the conference week and work about {settings.conference.tlHours} hours.{' '}
        {TEAM_LEADER_EXPERIENCE_RULE}
      </Typography>
      {afterTeamLeaderDeadline ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {TEAM_LEADER_DEADLINE_PASSED}
        </Alert>
      ) : (
        !open && (
          <Alert severity="info" sx={{ mb: 2 }}>
            You told us this is your first SIGGRAPH conference, so you cannot apply to be a Team Leader this year.
          </Alert>
        )
      )}
      <CheckboxInput name="teamLeader" label="I would like to apply to be a Team Leader" disabled={!open} />
      {ruleBroken && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {eligibility.reason}
        </Alert>
      )}
      {open &&
        values.teamLeader &&
        TEAM_LEADER_ESSAYS.map(({ name, question }) => (
          <section key={name}>
            <Typography variant="h3" sx={{ mt: 3, mb: 1 }}>
              {APPLICATION_LABELS[name]}
            </Typography>
            <Typography sx={{ mb: 2 }}>{question}</Typography>
            <WordCountedText name={name} label="Your answer" limit={ESSAY_WORD_LIMIT} />
          </section>
        ))}
    </>
  );
}
