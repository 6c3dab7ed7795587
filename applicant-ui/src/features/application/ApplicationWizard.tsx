import { use, useEffect } from 'react';
import type { ApplicationRecord, ProfileUser } from '../../api/types';
import { useSession } from '../../state/SessionContext';
import { ApplicationLoadState } from './ApplicationFormParts';
import { ApplicationFormShell, type FormLayout, FormButtons, FormStep, useApplicationForm } from './ApplicationFormShell';
import { STEP_FIELDS, WIZARD_STEPS, openingStep } from './applicationForm';
import { SectionTabs } from './SectionTabs';
import { loadSearchableFields, loadSearchableFieldsWhenIdle, readyForTab, readyToDraw } from './steps/searchable';
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

/** One tab at a time. Forward saves with the new tab's step; back keeps the stored step and saves any changes as a draft. */
const WIZARD: FormLayout = {
  count: WIZARD_STEPS.length,
  placeOf: (step) => step,
  stepOf: (tab) => tab,
  fields: (tab) => STEP_FIELDS[tab]!,
  previousOf: (tab) => (tab > 0 ? tab - 1 : undefined),
  back: 'draft',
  // The target tab's fields are drawn all at once: a searchable field's code, if it has not arrived yet, is waited for with the save.
  ready: readyForTab,
  done: '/application/thank-you',
  staysOnForm: (pathname) => pathname === '/application',
  previousLabel: 'Previous',
  nextLabel: 'Next',
};

function WizardForm({ record, profile }: { record: ApplicationRecord; profile: ProfileUser }) {
  const form = useApplicationForm(record, profile, WIZARD);
  const { place: tab } = form;

  // The searchable fields' code, for the tabs that have one, once the first screen is drawn.
  useEffect(() => loadSearchableFieldsWhenIdle(), []);

  return (
    <ApplicationFormShell form={form}>
      <SectionTabs
        idPrefix="wizard"
        labels={WIZARD_STEPS}
        tab={tab}
        onTab={(target) => void form.moveTo(target, { focus: false })}
        headingRef={form.headingRef}
        footer={<FormButtons form={form} />}
      >
        <FormStep form={form} step={tab} />
      </SectionTabs>
    </ApplicationFormShell>
  );
}
