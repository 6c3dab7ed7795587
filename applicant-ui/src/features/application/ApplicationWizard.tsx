import { Box, Button, Stack, Typography } from '@mui/material';
import { type ProofOfEnrollment, applicationYears } from '@svp/domain';
import { Form, Formik, type FormikHelpers, type FormikProps, useFormikContext } from 'formik';
import { use, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
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
import { LAST_STEP, WIZARD_STEPS, type WizardValues, openingStep, recordedVolunteerYears, stepSchema } from './applicationForm';
import { AutosaveGuard } from './AutosaveGuard';
import { SectionTabs } from './SectionTabs';
import { StaleVersionDialog } from './StaleVersionDialog';
import { StepContent } from './StepContent';
import { loadSearchableFields, loadSearchableFieldsWhenIdle, readyForTab, readyToDraw } from './steps/searchable';
import { type SaveStatus, useApplicationSave } from './useApplicationSave';
import { useVolunteerHistory } from './useVolunteerHistory';
import { useWizardApplication } from './useWizardApplication';

/** The application wizard at /application (docs/product.md, 'The application'); lazy-loaded, hence the default export. */
export default function ApplicationWizard() {
  const { profile } = useSession();
  const load = useWizardApplication();
  if (!profile || load.state === 'leaving') return null;
  if (load.state !== 'ready') return <ApplicationLoadState load={load} />;
  // Opened on a tab with a searchable field, the wizard is drawn once that field's code is there (usually already: see AppRoutes), the
  // page's loading indicator showing meanwhile.
  if (!readyToDraw(openingStep(load.record))) use(loadSearchableFields());
  return <WizardForm record={load.record} profile={profile} />;
}

const isWizardPath = (pathname: string) => pathname === '/application';

function WizardForm({ record, profile }: { record: ApplicationRecord; profile: ProfileUser }) {
  const { settings } = useSettings();
  const navigate = useNavigate();
  const years = useMemo(() => applicationYears(settings), [settings]);
  const schemas = useMemo(() => WIZARD_STEPS.map((_, step) => stepSchema(step, years)), [years]);
  const formik = useRef<FormikProps<WizardValues>>(null);
  const portalYears = useVolunteerHistory(profile.id);
  const recordedYears = useMemo(() => recordedVolunteerYears(portalYears ?? [], years), [portalYears, years]);

  const [tab, setTab] = useState(() => openingStep(record));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);
  const save = useApplicationSave({
    record,
    profile,
    years,
    recordedYears,
    formik,
    onKeptMine: (saved, step) => {
      if (saved.completed) navigate('/application/thank-you');
      else
        void readyForTab(step)
          .catch(() => undefined)
          .then(() => {
            focusHeading.current = true;
            setTab(step);
          });
    },
  });
  const { proof, saving } = save;

  // The searchable fields' code, for the tabs that have one, once the first screen is drawn.
  useEffect(() => loadSearchableFieldsWhenIdle(), []);

  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    headingRef.current?.focus();
  }, [tab]);

  /** Previous, Next, a tab or a 'So close!' link: forward saves with the new step; back keeps the stored step and saves any changes as a
   * draft. */
  const goTo = async (target: number, { focus = true } = {}) => {
    if (saving || target === tab) return;
    if (save.isClosed()) {
      save.leave();
      return;
    }
    // The target tab's fields are drawn all at once: a searchable field's code, if it has not arrived yet, is waited for with the save.
    const ready = readyForTab(target).catch(() => undefined);
    if (target > tab && !(await save.saveWithStep(target))) return;
    if (target < tab) void save.autosave.saveDraft();
    await ready;
    focusHeading.current = focus;
    setTab(target);
  };

  const submit = async (_values: WizardValues, helpers: FormikHelpers<WizardValues>) => {
    if (tab !== LAST_STEP) return goTo(tab + 1);
    if (save.isClosed()) return save.leave();
    const submitted = await save.submit();
    helpers.setSubmitting(false);
    if (submitted) navigate('/application/thank-you');
  };

  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        {APPLICATION_TITLE}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Your answers are saved as you type.
      </Typography>
      {save.isClosed() && <ClosedNotice />}
      {save.restored && <RestoredNotice />}
      <CarriedOverNotice from={record.carried_over} />
      <Formik<WizardValues>
        initialValues={save.initialValues}
        validationSchema={schemas[tab]}
        validateOnChange={false}
        validateOnBlur
        onSubmit={submit}
        innerRef={formik}
      >
        <Form noValidate>
          <TeamLeaderGate afterTeamLeaderDeadline={save.afterTeamLeaderDeadline} />
          <AutosaveGuard save={save} staysOnForm={isWizardPath} />
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
                status={save.status}
                lastSave={save.lastSave}
                onPrevious={() => void goTo(tab - 1)}
                onNext={() => void goTo(tab + 1)}
              />
            }
          >
            <StepContent
              step={tab}
              years={years}
              profile={profile}
              proof={proof}
              onProofChange={save.setProof}
              afterTeamLeaderDeadline={save.afterTeamLeaderDeadline}
              portalYears={portalYears}
              problems={<SubmissionProblems proof={proof} serverProblems={save.serverProblems} onGoTo={(step) => void goTo(step)} />}
            />
          </SectionTabs>
        </Form>
      </Formik>
      <SavingBackdrop open={saving} />
      <StaleVersionDialog {...save.staleDialog} />
    </Box>
  );
}

function WizardButtons({
  tab,
  proof,
  saving,
  status,
  lastSave,
  onPrevious,
  onNext,
}: {
  tab: number;
  proof: ProofOfEnrollment | null;
  saving: boolean;
  status: SaveStatus;
  lastSave: Date | null;
  onPrevious: () => void;
  onNext: () => void;
}) {
  const { isSubmitting } = useFormikContext<WizardValues>();
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
          <SubmitApplicationButton proof={proof} saving={saving} />
        )}
      </Stack>
      <SaveStatusLine status={status} lastSave={lastSave} />
    </Box>
  );
}
