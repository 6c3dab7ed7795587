import { Link } from '@mui/material';
import type { ApplicationYears, ProofOfEnrollment } from '@svp/domain';
import { type ReactNode, Suspense, lazy, useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { ProfileUser } from '../../api/types';
import { useSettings } from '../../state/SettingsContext';
import { recordedVolunteerYears } from './applicationForm';
import { RequiredAnswers } from './RequiredAnswers';
import { LoadingText } from './LoadingText';
import { WelcomeStep } from './steps/WelcomeStep';

/**
 * The code of each step but the first (the welcome, drawn with the wizard): loaded when its step
 * opens, and the next step's prefetched once the browser is idle (prefetchStep), so that a phone
 * opening the wizard compiles and runs only the step it shows. Each import is made once (a module's
 * promise is kept by the browser), so a prefetched step draws without waiting.
 */
const STEP_LOADERS = [
  null,
  () => import('./steps/AcademicStep').then((m) => ({ default: m.AcademicStep })),
  () => import('./steps/ReferencesStep').then((m) => ({ default: m.ReferencesStep })),
  () => import('./steps/ExperienceStep').then((m) => ({ default: m.ExperienceStep })),
  () => import('./steps/SvEssaysStep').then((m) => ({ default: m.SvEssaysStep })),
  () => import('./steps/TeamLeaderStep').then((m) => ({ default: m.TeamLeaderStep })),
  () => import('./steps/FinancialAidStep').then((m) => ({ default: m.FinancialAidStep })),
  () => import('./steps/ResponsibilitiesStep').then((m) => ({ default: m.ResponsibilitiesStep })),
] as const;

const AcademicStep = lazy(STEP_LOADERS[1]);
const ReferencesStep = lazy(STEP_LOADERS[2]);
const ExperienceStep = lazy(STEP_LOADERS[3]);
const SvEssaysStep = lazy(STEP_LOADERS[4]);
const TeamLeaderStep = lazy(STEP_LOADERS[5]);
const FinancialAidStep = lazy(STEP_LOADERS[6]);
const ResponsibilitiesStep = lazy(STEP_LOADERS[7]);

/** Asks for a step's code without drawing it (nothing for the first step, or past the last). */
export function prefetchStep(step: number): void {
  const load = STEP_LOADERS[Math.min(step, STEP_LOADERS.length - 1)];
  if (step > 0 && load) void load().catch(() => undefined);
}

/** Prefetches the step after `step` once the browser has nothing else to do (after a timeout where requestIdleCallback is missing). */
export function usePrefetchNextStep(step: number): void {
  useEffect(() => {
    const next = () => prefetchStep(step + 1);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(next, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(next, 1000);
    return () => window.clearTimeout(id);
  }, [step]);
}

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
      <Suspense fallback={<LoadingText text="Loading this section..." />}>
        <StepQuestions {...props} />
      </Suspense>
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
