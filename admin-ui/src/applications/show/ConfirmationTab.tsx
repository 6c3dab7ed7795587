import { PASSPORT_STATUSES, PRECONFERENCE_DAYS, SHIRT_SIZES } from '@svp/domain';
import { Details, Section, yesNo } from '../../common/Details';
import { formatUtc } from '../../common/utcDates';
import type { ApplicationRecord } from '../types';
import { optionLabel } from './labels';

/** The confirmation form as the volunteer submitted it (applicant-area §3). */
export function ConfirmationTab({ record }: { record: ApplicationRecord }) {
  const { confirmation: form, confirmed_at, declined_at } = record.application;
  return (
    <>
      <Section title="Decision">
        <Details
          items={[
            ['Confirmed', formatUtc(confirmed_at)],
            ['Declined', formatUtc(declined_at)],
          ]}
        />
      </Section>
      {form && (
        <>
          <Section title="Registration and details">
            <Details
              items={[
                ['Past Student Volunteer', yesNo(form.priorSv)],
                ['Passport status', optionLabel(PASSPORT_STATUSES, form.passportStatus)],
                ['T-shirt size', optionLabel(SHIRT_SIZES, form.shirtSize)],
                ['Dietary restrictions', form.diet ? form.dietRestrictions || 'Yes' : 'No'],
                ['Email policy consent', yesNo(form.emailConsent)],
                ['Photo and video consent', yesNo(form.photoConsent)],
                ['Wants ACM SIGGRAPH membership', yesNo(form.wantsMembership)],
                ['Attends in person', yesNo(form.inPerson)],
                ['Additional information', form.additionalInfo],
              ]}
            />
          </Section>
          <Section title="Shift requests">
            <Details
              items={[
                ['Pre-conference shifts', yesNo(form.preconfShifts)],
                ...(form.preconfShifts
                  ? ([
                      ['First day available', optionLabel(PRECONFERENCE_DAYS, form.preconfStart)],
                      ['Earliest start (Pacific time)', form.preconfStartTime],
                    ] as [string, string][])
                  : []),
                ['Art Gallery shifts', yesNo(form.artGallery)],
                ['Labs shifts', yesNo(form.labs)],
                ['Immersive Pavilion shifts', yesNo(form.pavillion)],
              ]}
            />
          </Section>
        </>
      )}
    </>
  );
}
