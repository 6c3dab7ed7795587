import { Alert, Backdrop, Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { type ProofOfEnrollment, applicationClosed, canApplyAsTeamLeader, gates, graduationYearRange } from '@svp/domain';
import { Form, Formik, type FormikHelpers, type FormikProps, useFormikContext } from 'formik';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import type { ApplicationRecord, ProfileUser } from '../../api/types';
import { useAlerts } from '../../state/AlertsContext';
import { useSession } from '../../state/SessionContext';
import { useSettings } from '../../state/SettingsContext';
import {
  LAST_STEP,
  type ProblemItem,
  WIZARD_STEPS,
  type WizardValues,
  answersOf,
  formatSaveTime,
  isComplete,
  openingStep,
  problemItems,
  saveBody,
  serverProblemItems,
  stepSchema,
  wizardValues,
} from './applicationForm';
import { SectionTabs } from './SectionTabs';
import { SoCloseList } from './SoCloseList';
import { StaleVersionDialog } from './StaleVersionDialog';
import { AcademicStep } from './steps/AcademicStep';
import { ExperienceStep } from './steps/ExperienceStep';
import { FinancialAidStep } from './steps/FinancialAidStep';
import { ReferencesStep } from './steps/ReferencesStep';
import { ResponsibilitiesStep } from './steps/ResponsibilitiesStep';
import { SvEssaysStep } from './steps/SvEssaysStep';
import { TeamLeaderStep } from './steps/TeamLeaderStep';
import { WelcomeStep } from './steps/WelcomeStep';
import { LEAVE_CODES, isApiError } from './apiErrors';
import { LoadingText } from './LoadingText';
import { useLeaveForDashboard, useWizardApplication } from './useWizardApplication';

export const SAVING_PROGRESS = 'Saving Progress...';
export const GETTING_APPLICATION = 'Getting your application...';

/** The application wizard at /application (applicant-area §2 and §4); lazy-loaded, hence the default export. */
export default function ApplicationWizard() {
  const { profile } = useSession();
  const load = useWizardApplication();
  if (!profile || load.state === 'leaving') return null;
  if (load.state === 'loading') return <LoadingText text={GETTING_APPLICATION} />;
  if (load.state === 'failed') {
    return (
      <Box sx={{ py: 4 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          Student Volunteer Application
        </Typography>
        <Typography sx={{ mb: 2 }}>Your application could not be opened right now.</Typography>
        <Button variant="contained" onClick={load.retry}>
          Try again
        </Button>
      </Box>
    );
  }
  return <WizardForm record={load.record} profile={profile} />;
}

/** The server's 'So close!' lists, for the answers it was given. */
interface ServerProblems {
  missing: ProblemItem[];
  overLimit: ProblemItem[];
  answers: string;
}

const answersKey = (values: WizardValues, proof: ProofOfEnrollment | null) => JSON.stringify([values, proof?.name ?? null]);

interface StaleSave {
  current: ApplicationRecord;
  step: number;
  completed: boolean;
}

function WizardForm({ record, profile }: { record: ApplicationRecord; profile: ProfileUser }) {
  const session = useSession();
  const { showError, showMessage } = useAlerts();
  const { settings, serverNow } = useSettings();
  const navigate = useNavigate();
  const leave = useLeaveForDashboard();
  const graduationYears = useMemo(() => graduationYearRange(settings), [settings]);
  const schemas = useMemo(() => WIZARD_STEPS.map((_, step) => stepSchema(step, graduationYears)), [graduationYears]);
  const initialValues = useMemo(() => wizardValues(record), [record]);
  const formik = useRef<FormikProps<WizardValues>>(null);

  const [tab, setTab] = useState(() => openingStep(record));
  const [basedOn, setBasedOn] = useState(record.updated_at);
  const [proof, setProof] = useState<ProofOfEnrollment | null>(record.data.proofOfEnrollment ?? null);
  const [lastSave, setLastSave] = useState<Date | null>(null);
  const [saving, setSaving] = useState(false);
  const [stale, setStale] = useState<StaleSave | null>(null);
  const [serverProblems, setServerProblems] = useState<ServerProblems | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);

  const now = () => gates(settings.timeline, new Date(serverNow()));
  // Closed by the clock, or by the deadline job (it stays closed when the deadline is later moved).
  const isClosed = () => applicationClosed(record, now());
  const closed = isClosed();

  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    headingRef.current?.focus();
  }, [tab]);

  /** Saves and keeps the session in step with the answer; null when it did not go through (already handled). */
  const persist = async (values: WizardValues, step: number, completed: boolean, base: string): Promise<ApplicationRecord | null> => {
    try {
      const saved = await endpoints.saveApplication(saveBody({ svid: profile.svid, values, step, completed, basedOn: base }));
      session.setApplication(saved);
      setBasedOn(saved.updated_at);
      setProof(saved.data.proofOfEnrollment ?? null);
      setLastSave(new Date());
      const form = formik.current;
      if (form) {
        // The server may switch the TL flag off (its deadline passed meanwhile); the form follows. Text
        // typed while the save was under way is kept (and stays unsaved, hence not reset).
        const flags = { teamLeader: saved.team_leader, financialAid: saved.financial_aid };
        if (JSON.stringify(form.values) === JSON.stringify(values)) form.resetForm({ values: { ...values, ...flags } });
        else void form.setValues({ ...form.values, ...flags }, false);
      }
      if (saved.notices?.length) showMessage(saved.notices.join(' '));
      return saved;
    } catch (error) {
      if (isApiError(error, 409, 'STALE') && error.data.current) {
        setStale({ current: error.data.current as ApplicationRecord, step, completed });
      } else if (error instanceof ApiError && error.status === 409 && LEAVE_CODES.includes(error.code)) {
        leave(error);
      } else if (completed && isApiError(error, 400, 'INCOMPLETE')) {
        setServerProblems({
          missing: serverProblemItems(error.data.missing),
          overLimit: serverProblemItems(error.data.over_limit),
          answers: answersKey(values, proof),
        });
        showError(error);
      } else {
        console.error('The application could not be saved', error);
        showError(error);
      }
      return null;
    }
  };

  /** Previous, Next, a tab or a 'So close!' link: forward saves with the new step; back only changes the tab. */
  const goTo = async (target: number, { focus = true } = {}) => {
    if (saving || target === tab) return;
    if (isClosed()) {
      leave();
      return;
    }
    if (target < tab) {
      focusHeading.current = focus;
      setTab(target);
      return;
    }
    const form = formik.current!;
    const errors = await form.validateForm();
    if (Object.keys(errors).length) {
      void form.setTouched(Object.fromEntries(Object.keys(errors).map((field) => [field, true])), false);
      return;
    }
    setSaving(true);
    const saved = await persist(form.values, target, false, basedOn);
    setSaving(false);
    if (saved) {
      focusHeading.current = focus;
      setTab(target);
    }
  };

  const submit = async (values: WizardValues, helpers: FormikHelpers<WizardValues>) => {
    if (tab !== LAST_STEP) return goTo(tab + 1);
    if (isClosed()) return leave();
    setServerProblems(null);
    const saved = await persist(values, LAST_STEP, true, basedOn);
    helpers.setSubmitting(false);
    if (saved?.completed) navigate('/application/thank-you');
  };

  const loadLatest = () => {
    if (!stale) return;
    const { current } = stale;
    setStale(null);
    if (current.completed) return leave();
    session.setApplication(current);
    setBasedOn(current.updated_at);
    setProof(current.data.proofOfEnrollment ?? null);
    formik.current?.resetForm({ values: wizardValues(current) });
  };

  const keepMine = async () => {
    if (!stale) return;
    const { current, step, completed } = stale;
    setStale(null);
    setSaving(true);
    const saved = await persist(formik.current!.values, step, completed, current.updated_at);
    setSaving(false);
    if (!saved) return;
    if (saved.completed) navigate('/application/thank-you');
    else {
      focusHeading.current = true;
      setTab(step);
    }
  };

  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        Student Volunteer Application
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Your answers are saved each time you go on to the next section.
      </Typography>
      {closed && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Applications have closed. Your application can no longer be changed.
        </Alert>
      )}
      <Formik<WizardValues>
        initialValues={initialValues}
        validationSchema={schemas[tab]}
        validateOnChange={false}
        validateOnBlur
        onSubmit={submit}
        innerRef={formik}
      >
        <Form noValidate>
          <TeamLeaderGate afterTeamLeaderDeadline={now().afterTeamLeaderDeadline} />
          <UnsavedChangesGuard />
          <SectionTabs
            idPrefix="wizard"
            labels={WIZARD_STEPS}
            tab={tab}
            onTab={(target) => void goTo(target, { focus: false })}
            headingRef={headingRef}
            footer={
              <WizardButtons
                tab={tab}
                proof={proof}
                saving={saving}
                lastSave={lastSave}
                onPrevious={() => void goTo(tab - 1)}
                onNext={() => void goTo(tab + 1)}
              />
            }
          >
            {tab === 0 && <WelcomeStep settings={settings} />}
            {tab === 1 && (
              <AcademicStep graduationYears={graduationYears} userId={profile.id} svid={profile.svid} proof={proof} onProofChange={setProof} />
            )}
            {tab === 2 && <ReferencesStep />}
            {tab === 3 && <ExperienceStep />}
            {tab === 4 && <SvEssaysStep />}
            {tab === 5 && <TeamLeaderStep settings={settings} afterTeamLeaderDeadline={now().afterTeamLeaderDeadline} />}
            {tab === 6 && <FinancialAidStep />}
            {tab === LAST_STEP && (
              <ResponsibilitiesStep
                settings={settings}
                profileNotice={profileNotice(profile)}
                problems={<Problems proof={proof} serverProblems={serverProblems} onGoTo={(step) => void goTo(step)} />}
              />
            )}
          </SectionTabs>
        </Form>
      </Formik>
      <Backdrop open={saving} sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff', flexDirection: 'column', gap: 2 }}>
        <CircularProgress color="inherit" aria-hidden />
        <Typography role="status">{SAVING_PROGRESS}</Typography>
      </Backdrop>
      <StaleVersionDialog
        open={!!stale}
        savedAt={stale ? formatSaveTime(new Date(stale.current.updated_at)) : ''}
        onLoadLatest={loadLatest}
        onKeepMine={() => void keepMine()}
      />
    </Box>
  );
}

function WizardButtons({
  tab,
  proof,
  saving,
  lastSave,
  onPrevious,
  onNext,
}: {
  tab: number;
  proof: ProofOfEnrollment | null;
  saving: boolean;
  lastSave: Date | null;
  onPrevious: () => void;
  onNext: () => void;
}) {
  const { values, isSubmitting } = useFormikContext<WizardValues>();
  const complete = isComplete(values, proof);
  return (
    <Box sx={{ mt: 4 }}>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        {tab > 0 ? (
          <Button variant="outlined" onClick={onPrevious} disabled={saving || isSubmitting}>
            Previous
          </Button>
        ) : (
          <span />
        )}
        {tab < LAST_STEP ? (
          <Button variant="contained" onClick={onNext} disabled={saving}>
            Next
          </Button>
        ) : (
          <Button type="submit" variant="contained" disabled={!complete || isSubmitting || saving}>
            {isSubmitting ? 'Saving...' : 'Submit Application'}
          </Button>
        )}
      </Stack>
      {lastSave && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2, textAlign: 'right' }} aria-live="polite">
          Last Save: {formatSaveTime(lastSave)}
        </Typography>
      )}
    </Box>
  );
}

/** The 'So close!' list from the domain rules, or the server's when it refused these very answers. */
function Problems({
  proof,
  serverProblems,
  onGoTo,
}: {
  proof: ProofOfEnrollment | null;
  serverProblems: ServerProblems | null;
  onGoTo: (step: number) => void;
}) {
  const { values } = useFormikContext<WizardValues>();
  const fromServer =
    serverProblems && (serverProblems.missing.length || serverProblems.overLimit.length) && serverProblems.answers === answersKey(values, proof);
  const shown = fromServer ? serverProblems : problemItems(values, proof);
  return <SoCloseList missing={shown.missing} overLimit={shown.overLimit} currentStep={LAST_STEP} onGoTo={onGoTo} />;
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

/** The TL opt-in is switched off for first-timers and after the TL deadline (domain canApplyAsTeamLeader). */
function TeamLeaderGate({ afterTeamLeaderDeadline }: { afterTeamLeaderDeadline: boolean }) {
  const { values, setFieldValue } = useFormikContext<WizardValues>();
  const allowed = canApplyAsTeamLeader(answersOf(values), afterTeamLeaderDeadline);
  useEffect(() => {
    if (values.teamLeader && !allowed) void setFieldValue('teamLeader', false, false);
  }, [values.teamLeader, allowed, setFieldValue]);
  return null;
}

/** Answers typed since the last save are not lost to a closed tab without a warning. */
function UnsavedChangesGuard() {
  const { dirty } = useFormikContext<WizardValues>();
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return null;
}
