import { Box, Button, Stack, Typography } from '@mui/material';
import { type ApplicationYears, applicationYears } from '@svp/domain';
import { Form, Formik, type FormikHelpers, type FormikProps, useFormikContext } from 'formik';
import { type ReactNode, type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ApplicationRecord, ProfileUser } from '../../api/types';
import { useSettings } from '../../state/SettingsContext';
import {
  APPLICATION_TITLE,
  CarriedOverNotice,
  ClosedNotice,
  RestoredNotice,
  SaveStatusLine,
  SavingBackdrop,
  SubmissionProblems,
  SubmitApplicationButton,
  TeamLeaderGate,
} from './ApplicationFormParts';
import { type WizardValues, answersSchema, openingStep, recordedVolunteerYears } from './applicationForm';
import { AutosaveGuard } from './AutosaveGuard';
import { StaleVersionDialog } from './StaleVersionDialog';
import { StepContent } from './StepContent';
import { type ApplicationSave, useApplicationSave } from './useApplicationSave';
import { useVolunteerHistory } from './useVolunteerHistory';

// The application form as the wizard (a tab at a time, at /application) and the per-step pages (a few tabs a page, an address each)
// both show it: the title and notices, the Formik form and its saving, the moves between its places, the buttons and the status line.
// A page says what differs in a FormLayout and draws its places (the tabs, or one page) inside ApplicationFormShell.

/**
 * How a page lays the wizard's tabs out: the places it shows one at a time (the wizard's tabs, or the per-step pages), counted from
 * 0; the last one is where the application is submitted.
 */
export interface FormLayout {
  /** How many places there are. */
  count: number;
  /** The place showing a stored step (a wizard tab). */
  placeOf: (step: number) => number;
  /** The step a move to `place` saves. */
  stepOf: (place: number) => number;
  /** The answers asked at `place`, for their format checks before a move on. */
  fields: (place: number) => Iterable<string>;
  /** Where Previous leads from `place`, if anywhere. */
  previousOf: (place: number) => number | undefined;
  /** Going back: 'draft' keeps the stored step and saves any changes as a draft; 'step' saves with the step of the place gone to. */
  back: 'draft' | 'step';
  /** Resolves once `place` can be drawn: a move shows it then (it waits for it together with its save). */
  ready?: (place: number) => Promise<unknown>;
  /** Where a submitted application goes. */
  done: string;
  /** The addresses of this form: moving between them keeps it open (AutosaveGuard). */
  staysOnForm: (pathname: string) => boolean;
  /** 'Step 2 of 5.' before 'Your answers are saved as you type.' */
  numbered?: boolean;
  /** The buttons' words. */
  previousLabel: string;
  nextLabel: string;
  /** The 'So close!' links' words, by tab (the wizard's tab names unless given). */
  linkLabels?: readonly string[];
}

/** The form of one page: its saving, the place shown, and the way to another. */
export interface ApplicationForm {
  layout: FormLayout;
  record: ApplicationRecord;
  profile: ProfileUser;
  years: ApplicationYears;
  /** The years of the portal's records (useVolunteerHistory); null while unknown. */
  portalYears: readonly number[] | null;
  save: ApplicationSave;
  formik: RefObject<FormikProps<WizardValues> | null>;
  /** The place shown. */
  place: number;
  /** The heading that takes the focus after a move. */
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** Previous, Next, a tab or a 'So close!' link: saves as the layout says, then shows `target` (its heading focused unless told not). */
  moveTo: (target: number, options?: { focus?: boolean }) => Promise<void>;
}

export function useApplicationForm(record: ApplicationRecord, profile: ProfileUser, layout: FormLayout): ApplicationForm {
  const { settings } = useSettings();
  const navigate = useNavigate();
  const years = useMemo(() => applicationYears(settings), [settings]);
  const formik = useRef<FormikProps<WizardValues>>(null);
  const portalYears = useVolunteerHistory(profile.id);
  const recordedYears = useMemo(() => recordedVolunteerYears(portalYears ?? [], years), [portalYears, years]);

  const [place, setPlace] = useState(() => layout.placeOf(openingStep(record)));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);
  const show = (target: number, focus: boolean) => {
    focusHeading.current = focus;
    setPlace(target);
  };

  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    headingRef.current?.focus();
  }, [place]);

  const save = useApplicationSave({
    record,
    profile,
    years,
    recordedYears,
    formik,
    onKeptMine: (saved, step) => {
      if (saved.completed) return navigate(layout.done);
      const target = layout.placeOf(step);
      if (!layout.ready) return show(target, true);
      void layout
        .ready(target)
        .catch(() => undefined)
        .then(() => show(target, true));
    },
  });

  const moveTo = async (target: number, { focus = true } = {}) => {
    if (save.saving || target === place) return;
    // After the deadline nothing is saved: every move ends on the dashboard.
    if (save.isClosed()) return save.leave();
    const ready = layout.ready?.(target).catch(() => undefined);
    if (target > place || layout.back === 'step') {
      if (!(await save.saveWithStep(layout.stepOf(target)))) return;
    } else void save.autosave.saveDraft();
    await ready;
    show(target, focus);
  };

  return { layout, record, profile, years, portalYears, save, formik, place, headingRef, moveTo };
}

/** The page around the questions: the title, the notices, the form with its saving, the 'Saving Progress...' overlay and the dialog. */
export function ApplicationFormShell({ form, children }: { form: ApplicationForm; children: ReactNode }) {
  const { layout, save, place, moveTo } = form;
  const navigate = useNavigate();
  const schemas = useMemo(
    () => Array.from({ length: layout.count }, (_, at) => answersSchema(layout.fields(at), form.years)),
    [layout, form.years],
  );

  const submit = async (_values: WizardValues, helpers: FormikHelpers<WizardValues>) => {
    if (place < layout.count - 1) return moveTo(place + 1);
    if (save.isClosed()) return save.leave();
    const submitted = await save.submit();
    helpers.setSubmitting(false);
    if (submitted) navigate(layout.done);
  };

  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        {APPLICATION_TITLE}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {layout.numbered && `Step ${place + 1} of ${layout.count}. `}Your answers are saved as you type.
      </Typography>
      {save.isClosed() && <ClosedNotice />}
      {save.restored && <RestoredNotice />}
      <CarriedOverNotice from={form.record.carried_over} />
      <Formik<WizardValues>
        initialValues={save.initialValues}
        validationSchema={schemas[place]}
        validateOnChange={false}
        validateOnBlur
        onSubmit={submit}
        innerRef={form.formik}
      >
        <Form noValidate>
          <TeamLeaderGate afterTeamLeaderDeadline={save.afterTeamLeaderDeadline} />
          <AutosaveGuard save={save} staysOnForm={layout.staysOnForm} />
          {children}
        </Form>
      </Formik>
      <SavingBackdrop open={save.saving} />
      <StaleVersionDialog {...save.staleDialog} />
    </Box>
  );
}

/** The questions of one wizard tab, with the 'So close!' list on the last one leading to the place of each item. */
export function FormStep({ form, step }: { form: ApplicationForm; step: number }) {
  const { save, layout } = form;
  return (
    <StepContent
      step={step}
      years={form.years}
      profile={form.profile}
      proof={save.proof}
      onProofChange={save.setProof}
      afterTeamLeaderDeadline={save.afterTeamLeaderDeadline}
      portalYears={form.portalYears}
      problems={
        <SubmissionProblems
          proof={save.proof}
          serverProblems={save.serverProblems}
          labels={layout.linkLabels}
          onGoTo={(item) => void form.moveTo(layout.placeOf(item))}
        />
      }
    />
  );
}

/** Previous, then Next or Submit, and how the saving goes. */
export function FormButtons({ form }: { form: ApplicationForm }) {
  const { isSubmitting } = useFormikContext<WizardValues>();
  const { layout, place, save, moveTo } = form;
  const previous = layout.previousOf(place);
  return (
    <>
      <Stack direction="row" useFlexGap sx={{ mt: 4, gap: 2, flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center' }}>
        {previous === undefined ? (
          <span />
        ) : (
          <Button variant="outlined" onClick={() => void moveTo(previous)} disabled={save.saving || isSubmitting}>
            {layout.previousLabel}
          </Button>
        )}
        {/* On the right also when the row wraps on a phone. */}
        <Box sx={{ ml: 'auto' }}>
          {place === layout.count - 1 ? (
            <SubmitApplicationButton proof={save.proof} saving={save.saving} />
          ) : (
            <Button variant="contained" onClick={() => void moveTo(place + 1)} disabled={save.saving}>
              {layout.nextLabel}
            </Button>
          )}
        </Box>
      </Stack>
      <SaveStatusLine status={save.status} lastSave={save.lastSave} />
    </>
  );
}
