import { Link } from '@mui/material';
import type { ApplicationYears, ProofOfEnrollment } from '@svp/domain';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { ProfileUser } from '../../api/types';
import { useSettings } from '../../state/SettingsContext';
import { recordedVolunteerYears } from './applicationForm';
import { RequiredAnswers } from './RequiredAnswers';
import { AcademicStep } from './steps/AcademicStep';
import { ExperienceStep } from './steps/ExperienceStep';
import { FinancialAidStep } from './steps/FinancialAidStep';
import { ReferencesStep } from './steps/ReferencesStep';
import { ResponsibilitiesStep } from './steps/ResponsibilitiesStep';
import { SvEssaysStep } from './steps/SvEssaysStep';
import { TeamLeaderStep } from './steps/TeamLeaderStep';
import { WelcomeStep } from './steps/WelcomeStep';

interface StepContentProps {
  step: number;
  years: ApplicationYears;
  profile: ProfileUser;
  proof: ProofOfEnrollment | null;
  onProofChange: (proof: ProofOfEnrollment | null) => void;
  afterTeamLeaderDeadline: boolean;
  /** The years of the portal's records (useVolunteerHistory); null while unknown. */
  portalYears: readonly number[] | null;
  /** The 'So close!' list, on the last tab. */
  problems: ReactNode;
}

/** The questions of one wizard tab, required ones marked *: the wizard shows one tab at a time, a per-step page one or more. */
export function StepContent(props: StepContentProps) {
  return (
    <RequiredAnswers>
      <StepQuestions {...props} />
    </RequiredAnswers>
  );
}

function StepQuestions({ step, years, profile, proof, onProofChange, afterTeamLeaderDeadline, portalYears, problems }: StepContentProps) {
  const { settings } = useSettings();
  switch (step) {
    case 0:
      return <WelcomeStep settings={settings} />;
    case 1:
      return (
        <AcademicStep
          graduationYears={years.graduation}
          userId={profile.id}
          svid={profile.svid}
          proof={proof}
          onProofChange={onProofChange}
        />
      );
    case 2:
      return <ReferencesStep accountEmail={profile.email} />;
    case 3:
      return <ExperienceStep volunteerYears={years.volunteered} recordedYears={recordedVolunteerYears(portalYears ?? [], years)} />;
    case 4:
      return <SvEssaysStep />;
    case 5:
      return <TeamLeaderStep settings={settings} afterTeamLeaderDeadline={afterTeamLeaderDeadline} portalYears={portalYears} />;
    case 6:
      return <FinancialAidStep />;
    default:
      return <ResponsibilitiesStep settings={settings} profileNotice={profileNotice(profile)} problems={problems} />;
  }
}

/** Submission also needs a confirmed email address and a complete profile (the server checks both). */
function profileNotice(profile: ProfileUser): ReactNode {
  if (!profile.verified) return 'Please confirm your email address (use the code we emailed you) before submitting.';
  if (!profile.profile_complete) {
    return (
      <>
        Please complete your{' '}
        <Link component={RouterLink} to="/profile">
          profile
        </Link>{' '}
        before submitting your application.
      </>
    );
  }
  return null;
}
