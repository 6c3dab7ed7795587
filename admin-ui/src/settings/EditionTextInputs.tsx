import { type EditionSettings, followDerivedTexts } from '@svp/domain';
import { useEffect, useRef } from 'react';
import { TextInput, required } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { conferenceErrors } from './conferenceErrors';
import { RESULT_TEXTS } from './resultTexts';
import { timelineErrors } from './timelineErrors';

/** The edition's links and the texts that say when results arrive: part of the edition, edited with it. */
export function EditionTextInputs() {
  return (
    <>
      <TextInput
        source="mailingListUrl"
        label="Mailing list address"
        type="url"
        validate={required()}
        helperText="Home page and dashboard: where applicants subscribe to hear when applications open"
      />
      <TextInput
        source="programmeUrl"
        label="Programme page address"
        type="url"
        validate={required()}
        helperText="Dashboard: the Student Volunteer handbook and its FAQ"
      />
      {RESULT_TEXTS.map(({ source, label, helper }) => (
        <TextInput key={source} source={`resultTexts.${source}`} label={label} helperText={helper} validate={required()} />
      ))}
    </>
  );
}

const usable = (values: Partial<EditionSettings>) =>
  !!values.timeline &&
  !!values.conference &&
  !Object.keys(timelineErrors(values.timeline)).length &&
  !Object.keys(conferenceErrors(values.conference)).length;

/**
 * As dates are edited, the texts and links that were derived from the old dates follow the new ones
 * (a results text that named the old decisions' month names the new one); the organisers' own words stay.
 */
export function FollowDerivedTexts() {
  const { getValues, setValue } = useFormContext();
  const timeline = useWatch({ name: 'timeline' }) as EditionSettings['timeline'] | undefined;
  const conference = useWatch({ name: 'conference' }) as EditionSettings['conference'] | undefined;
  // The last dates that were whole and in order: a date half typed changes nothing.
  const last = useRef<Pick<EditionSettings, 'timeline' | 'conference'> | null>(null);
  useEffect(() => {
    if (!usable({ timeline, conference })) return;
    const before = last.current;
    last.current = { timeline: timeline!, conference: conference! };
    if (!before) return;
    const values = getValues() as EditionSettings;
    const followed = followDerivedTexts({ ...values, ...before }, values);
    for (const field of ['mailingListUrl', 'programmeUrl'] as const) {
      if (followed[field] !== values[field]) setValue(field, followed[field], { shouldDirty: true });
    }
    for (const { source } of RESULT_TEXTS) {
      if (followed.resultTexts[source] !== values.resultTexts?.[source])
        setValue(`resultTexts.${source}`, followed.resultTexts[source], { shouldDirty: true, shouldValidate: true });
    }
  }, [timeline, conference, getValues, setValue]);
  return null;
}
