import { Typography } from '@mui/material';
import { APPLICATION_LABELS as L, REFERENCE_TYPES } from '@svp/domain';
import { type Detail, Details, Section, yesNo } from '../../common/Details';
import { formatUtc } from '../../common/utcDates';
import type { ApplicationRecord, StoredApplicationData } from '../types';
import { ProofOfEnrollment } from './ProofOfEnrollment';
import { countryName, graduation, optionLabel, years } from './labels';

const INTERESTS: [string, string][] = [
  ['interestArt', 'Art'],
  ['interestProductionDesign', 'Production Design'],
  ['interestTechnical', 'Technical'],
  ['interestWeb', 'Web'],
  ['interestGraphicDesign', 'Graphic Design'],
];

/** Older fields an application of the earlier portal may hold, shown only when this one has them. */
function olderFields(data: StoredApplicationData): Detail[] {
  const has = (field: string) => data[field] !== undefined && data[field] !== null && data[field] !== '';
  const items: Detail[] = [];
  if (has('closeProximity')) items.push(['Lives within 50 miles', yesNo(data.closeProximity) || String(data.closeProximity)]);
  const interests = INTERESTS.filter(([field]) => data[field] === true).map(([, label]) => label);
  if (INTERESTS.some(([field]) => has(field))) items.push(['Interests', interests.join(', ') || 'None']);
  if (has('otherInterests')) items.push(['Other interests', String(data.otherInterests)]);
  if (has('referenceName')) items.push(['Reference name', String(data.referenceName)]);
  if (has('referenceEmail')) items.push(['Reference email', String(data.referenceEmail)]);
  if (has('referenceRelationship')) items.push(['Reference relationship', String(data.referenceRelationship)]);
  return items;
}

function reference(data: StoredApplicationData, which: 'first' | 'second'): Detail[] {
  return [
    ['Type', optionLabel(REFERENCE_TYPES, data[`${which}ReferenceType`])],
    ['Name', [data[`${which}ReferenceFirstName`], data[`${which}ReferenceLastName`]].filter(Boolean).join(' ')],
    ['Email', String(data[`${which}ReferenceEmail`] ?? '')],
  ];
}

/** School, proof of enrollment, experience, references and the rest of the answers. */
export function GeneralTab({ record }: { record: ApplicationRecord }) {
  const { data } = record.application;
  const older = olderFields(data);
  return (
    <>
      <Section title="Academic information">
        <Details
          items={[
            [L.schoolName, data.schoolName],
            [L.schoolCity, data.schoolCity],
            [L.schoolState, data.schoolState],
            [L.schoolCountry, countryName(data.schoolCountry)],
            ['Expected graduation', graduation(data.expectedGraduationMonth, data.expectedGraduationYear)],
          ]}
        />
      </Section>
      <Section title={L.proofOfEnrollment}>
        {data.proofOfEnrollment ? (
          <ProofOfEnrollment svid={record.svid} edition={record.editionId} />
        ) : (
          <Typography color="text.secondary">No proof of enrollment uploaded.</Typography>
        )}
      </Section>
      <Section title="SIGGRAPH experience">
        <Details
          items={[
            [L.haveNotAttended, yesNo(data.haveNotAttended)],
            [L.haveAttended, yesNo(data.haveAttended)],
            [L.haveVolunteered, yesNo(data.haveVolunteered)],
            [L.yearsVolunteered, years(data.yearsVolunteered)],
            [L.haveAttendedAsia, yesNo(data.haveAttendedAsia)],
            [L.haveVolunteeredAsia, yesNo(data.haveVolunteeredAsia)],
            [L.yearsVolunteeredAsia, years(data.yearsVolunteeredAsia)],
          ]}
        />
      </Section>
      <Section title="First reference">
        <Details items={reference(data, 'first')} />
      </Section>
      <Section title="Second reference">
        <Details items={reference(data, 'second')} />
      </Section>
      <Section title="Other">
        <Details
          items={[
            [L.otherComments, data.otherComments],
            [L.acceptedTerms, yesNo(data.acceptedTerms)],
            [L.acceptedMediaRelease, yesNo(data.acceptedMediaRelease)],
            [L.acceptedPrivacy, yesNo(data.acceptedPrivacy)],
            ['Progress', `${record.application.progress}%`],
            ['Submitted', formatUtc(record.application.submitted_at)],
            ['Last saved', formatUtc(record.application.updated_at)],
          ]}
        />
      </Section>
      {older.length > 0 && (
        <Section title="Fields from earlier editions">
          <Details items={older} />
        </Section>
      )}
    </>
  );
}
