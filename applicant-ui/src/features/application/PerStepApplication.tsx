import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { type ProofOfEnrollment, applicationYears } from '@svp/domain';
import { Form, Formik, type FormikHelpers, type FormikProps, useFormikContext } from 'formik';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import type { ApplicationRecord, ProfileUser } from '../../api/types';
import { useSession } from '../../state/SessionContext';
import { useSettings } from '../../state/SettingsContext';
import {
  APPLICATION_TITLE,
  ApplicationLoadState,
  ClosedNotice,
  CarriedOverNotice,
  RestoredNotice,
  SaveStatusLine,
  SavingBackdrop,
  SubmissionProblems,
  SubmitApplicationButton,
  TeamLeaderGate,
} from './ApplicationFormParts';
import { type WizardValues, answersSchema, openingStep, recordedVolunteerYears } from './applicationForm';
import { AutosaveGuard } from './AutosaveGuard';
import {
  PER_STEP_PAGES,
  PER_STEP_SECTION_TITLES,
  SUBMIT_PAGE,
  isPerStepPath,
  pageAt,
  pageFields,
  pageOfStep,
  perStepPath,
  stepOfPage,
} from './perStepPages';
import { StaleVersionDialog } from './StaleVersionDialog';
import { StepContent } from './StepContent';
import { AdditionalComments } from './steps/ResponsibilitiesStep';
import { useApplicationSave } from './useApplicationSave';
import { useVolunteerHistory } from './useVolunteerHistory';
import { useWizardApplication } from './useWizardApplication';

/**
 * The older per-step pages, /application/1 to /application/4 and /application/submit: the wizard's
 * questions, rules and saving, five pages at a time. Lazy-loaded, hence the default export.
 */
export default function PerStepApplication() {
  const { step } = useParams();
  if (pageAt(step) < 0) return <Navigate to="/application" replace />;
  return <PerStepLoader />;
}

function PerStepLoader() {
  const { profile } = useSession();
  const load = useWizardApplication();
  if (!profile || load.state === 'leaving') return null;
  if (load.state !== 'ready') return <ApplicationLoadState load={load} />;
  return <PerStepForm record={load.record} profile={profile} />;
}

/**
 * One form for all five pages. The page shown is always the one holding the stored step: opening
 * another sends the user there, and every move saves the target page's step before going to it.
 */
function PerStepForm({ record, profile }: { record: ApplicationRecord; profile: ProfileUser }) {
  const { settings } = useSettings();
  const navigate = useNavigate();
  const opened = pageAt(useParams().step);
  const years = useMemo(() => applicationYears(settings), [settings]);
  const schemas = useMemo(() => PER_STEP_PAGES.map((_, page) => answersSchema(pageFields(page), years)), [years]);
  const formik = useRef<FormikProps<WizardValues>>(null);
  const portalYears = useVolunteerHistory(profile.id);
  const recordedYears = useMemo(() => recordedVolunteerYears(portalYears ?? [], years), [portalYears, years]);

  const [storedStep, setStoredStep] = useState(() => openingStep(record));
  const page = pageOfStep(storedStep);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Set by a move: the address follows it as a new history entry, and the new page's heading takes the focus.
  const moved = useRef(false);

  useEffect(() => {
    if (opened === page) return;
    navigate(perStepPath(page), { replace: !moved.current });
  }, [opened, page, navigate]);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    headingRef.current?.focus();
  }, [page]);

  const arrive = (step: number) => {
    moved.current = true;
    setStoredStep(step);
  };
  const save = useApplicationSave({
    record,
    profile,
    years,
    recordedYears,
    formik,
    onKeptMine: (saved, step) => (saved.completed ? navigate('/dashboard') : arrive(step)),
  });
  const { proof, saving } = save;

  /** Previous Step, Save and Continue or a 'So close!' link: saves with the target page's step, then goes there. */
  const moveTo = async (target: number) => {
    if (saving) return;
    // After the deadline nothing is saved: every move ends on the dashboard.
    if (save.isClosed()) return save.leave();
    const step = stepOfPage(target);
    if (await save.saveWithStep(step)) arrive(step);
  };

  const submit = async (_values: WizardValues, helpers: FormikHelpers<WizardValues>) => {
    if (page !== SUBMIT_PAGE) return moveTo(page + 1);
    if (save.isClosed()) return save.leave();
    const submitted = await save.submit();
    helpers.setSubmitting(false);
    if (submitted) navigate('/dashboard');
  };

  const { tabs, additionalComments } = PER_STEP_PAGES[page]!;
  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        {APPLICATION_TITLE}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Step {page + 1} of {PER_STEP_PAGES.length}. Your answers are saved as you type.
      </Typography>
      {save.isClosed() && <ClosedNotice />}
      {save.restored && <RestoredNotice />}
      <CarriedOverNotice from={record.carried_over} />
      <Formik<WizardValues>
        initialValues={save.initialValues}
        validationSchema={schemas[page]}
        validateOnChange={false}
        validateOnBlur
        onSubmit={submit}
        innerRef={formik}
      >
        <Form noValidate>
          <TeamLeaderGate afterTeamLeaderDeadline={save.afterTeamLeaderDeadline} />
          <AutosaveGuard save={save} staysOnForm={isPerStepPath} />
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            {tabs.map((tab, index) => (
              <Box component="section" key={tab} aria-labelledby={`step-section-${tab}`} sx={{ mt: index ? 5 : 0 }}>
                <Typography
                  variant="h2"
                  id={`step-section-${tab}`}
                  ref={index === 0 ? headingRef : undefined}
                  tabIndex={index === 0 ? -1 : undefined}
                  sx={{ mb: 2, outline: 'none' }}
                >
                  {PER_STEP_SECTION_TITLES[tab]}
                </Typography>
                <StepContent
                  step={tab}
                  years={years}
                  profile={profile}
                  proof={proof}
                  onProofChange={save.setProof}
                  afterTeamLeaderDeadline={save.afterTeamLeaderDeadline}
                  portalYears={portalYears}
                  problems={
                    <SubmissionProblems
                      proof={proof}
                      serverProblems={save.serverProblems}
                      labels={PER_STEP_SECTION_TITLES}
                      onGoTo={(step) => void moveTo(pageOfStep(step))}
                    />
                  }
                />
              </Box>
            ))}
            {additionalComments && <AdditionalComments />}
            <PageButtons page={page} proof={proof} saving={saving} onMove={(target) => void moveTo(target)} />
            <SaveStatusLine status={save.status} lastSave={save.lastSave} />
          </Paper>
        </Form>
      </Formik>
      <SavingBackdrop open={saving} />
      <StaleVersionDialog {...save.staleDialog} />
    </Box>
  );
}

function PageButtons({
  page,
  proof,
  saving,
  onMove,
}: {
  page: number;
  proof: ProofOfEnrollment | null;
  saving: boolean;
  onMove: (page: number) => void;
}) {
  const { isSubmitting } = useFormikContext<WizardValues>();
  const { previous } = PER_STEP_PAGES[page]!;
  return (
    <Stack direction="row" useFlexGap sx={{ mt: 4, gap: 2, flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center' }}>
      {previous === undefined ? (
        <span />
      ) : (
        <Button variant="outlined" onClick={() => onMove(previous)} disabled={saving || isSubmitting}>
          Previous Step
        </Button>
      )}
      {/* On the right also when the row wraps on a phone. */}
      <Box sx={{ ml: 'auto' }}>
        {page === SUBMIT_PAGE ? (
          <SubmitApplicationButton proof={proof} saving={saving} />
        ) : (
          <Button variant="contained" onClick={() => onMove(page + 1)} disabled={saving}>
            Save and Continue
          </Button>
        )}
      </Box>
    </Stack>
  );
}
