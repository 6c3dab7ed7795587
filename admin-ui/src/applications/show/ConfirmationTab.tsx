import {
  DEFAULT_CONFERENCE,
  FORM_VENUE_PREFERENCES,
  SHIRT_SIZES,
  passportStatuses,
  preconferenceDays,
  venuePreferenceLabel,
} from '@svp/domain';
import { Details, Section, yesNo } from '../../common/Details';
import { useEditionSettings } from '../../common/useEditionSettings';
import { formatUtc } from '../../common/utcDates';
import type { ApplicationRecord } from '../types';
import { optionLabel } from './labels';

/** The confirmation form as the volunteer submitted it. */
export function ConfirmationTab({ record }: { record: ApplicationRecord }) {
  const { confirmation: form, confirmed_at, declined_at } = record.application;
  // The labels name the edition's dates; until the settings arrive, the default edition's.
  const conference = useEditionSettings()?.conference ?? DEFAULT_CONFERENCE;
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
                ['Passport status', optionLabel(passportStatuses(conference), form.passportStatus)],
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
                      ['First day available', optionLabel(preconferenceDays(conference), form.preconfStart)],
                      ['Earliest start (Pacific time)', form.preconfStartTime],
                    ] as [string, string][])
                  : []),
                ...FORM_VENUE_PREFERENCES.map((key): [string, string] => [`${venuePreferenceLabel(key)} shifts`, yesNo(form[key])]),
              ]}
            />
          </Section>
        </>
      )}
    </>
  );
}
