import { Alert, Typography } from '@mui/material';
import { APPLICATION_LABELS, ESSAY_WORD_LIMIT, canApplyAsTeamLeader } from '@svp/domain';
import { useFormikContext } from 'formik';
import type { PublicSettings } from '../../../api/types';
import { CheckboxInput } from '../../../components/form-fields';
import { type WizardValues, answersOf } from '../applicationForm';
import { WordCountedText } from '../WordCountedText';

export const TEAM_LEADER_DEADLINE_PASSED = 'The deadline for Team Leader applications has passed';

export const TEAM_LEADER_ESSAYS = [
  {
    name: 'teamLeaderEssay1',
    question: 'Why do you want to be a Team Leader, and what would you like the Student Volunteers on your team to take away from the conference?',
  },
  {
    name: 'teamLeaderEssay2',
    question: 'Describe your leadership experience: a time you led a group, what you were responsible for, and what you learned from it.',
  },
] as const;

/**
 * Tab 5: the Team Leader opt-in and its two essays. Closed after the TL deadline and to first-timers
 * (domain canApplyAsTeamLeader).
 */
export function TeamLeaderStep({ settings, afterTeamLeaderDeadline }: { settings: PublicSettings; afterTeamLeaderDeadline: boolean }) {
  const { values } = useFormikContext<WizardValues>();
  const open = canApplyAsTeamLeader(answersOf(values), afterTeamLeaderDeadline);
  return (
    <>
      <Typography sx={{ mb: 2 }}>
        Team Leaders guide a team of Student Volunteers through the conference week and work about {settings.conference.tlHours} hours.
        Team Leaders need at least 1 year of prior SV experience.
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
