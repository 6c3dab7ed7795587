import { Box, Paper, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import type { ApplicationRecord, ProfileUser } from '../../api/types';
import { useSession } from '../../state/SessionContext';
import { ApplicationLoadState } from './ApplicationFormParts';
import { ApplicationFormShell, type FormLayout, FormButtons, FormStep, useApplicationForm } from './ApplicationFormShell';
import {
  PER_STEP_PAGES,
  PER_STEP_SECTION_TITLES,
  isPerStepPath,
  pageAt,
  pageFields,
  pageOfStep,
  perStepPath,
  stepOfPage,
} from './perStepPages';
import { AdditionalComments } from './steps/ResponsibilitiesStep';
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

/** Every move, back ones too, saves the step of the page gone to (its first tab) before going there. */
const PER_STEP: FormLayout = {
  count: PER_STEP_PAGES.length,
  placeOf: pageOfStep,
  stepOf: stepOfPage,
  fields: pageFields,
  previousOf: (page) => PER_STEP_PAGES[page]!.previous,
  back: 'step',
  done: '/dashboard',
  staysOnForm: isPerStepPath,
  numbered: true,
  previousLabel: 'Previous Step',
  nextLabel: 'Save and Continue',
  linkLabels: PER_STEP_SECTION_TITLES,
};

/**
 * One form for all five pages. The page shown is always the one holding the stored step: opening
 * another sends the user there, and every move saves the target page's step before going to it.
 */
function PerStepForm({ record, profile }: { record: ApplicationRecord; profile: ProfileUser }) {
  const navigate = useNavigate();
  const opened = pageAt(useParams().step);
  const form = useApplicationForm(record, profile, PER_STEP);
  const { place: page } = form;

  // The address follows the page shown: as a new history entry after a move, in place of the one opened otherwise.
  const shown = useRef(page);
  useEffect(() => {
    const moved = shown.current !== page;
    shown.current = page;
    if (opened !== page) navigate(perStepPath(page), { replace: !moved });
  }, [opened, page, navigate]);

  const { tabs, additionalComments } = PER_STEP_PAGES[page]!;
  return (
    <ApplicationFormShell form={form}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {tabs.map((tab, index) => (
          <Box component="section" key={tab} aria-labelledby={`step-section-${tab}`} sx={{ mt: index ? 5 : 0 }}>
            <Typography
              variant="h2"
              id={`step-section-${tab}`}
              ref={index === 0 ? form.headingRef : undefined}
              tabIndex={index === 0 ? -1 : undefined}
              sx={{ mb: 2, outline: 'none' }}
            >
              {PER_STEP_SECTION_TITLES[tab]}
            </Typography>
            <FormStep form={form} step={tab} />
          </Box>
        ))}
        {additionalComments && <AdditionalComments />}
        <FormButtons form={form} />
      </Paper>
    </ApplicationFormShell>
  );
}
