import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { MERGE_FIELD_NAMES, MESSAGE_LIMITS, formatShiftDay, mergeFieldHelp, teamAudienceNode } from '@svp/domain';
import { Form, Formik, useFormikContext } from 'formik';
import { Fragment, type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import type { AudiencePreview, TeamAudience } from '../../api/types';
import { SelectInput, TextInput } from '../../components/form-fields';
import { useAlerts } from '../../state/AlertsContext';
import { serverFieldErrors } from '../availability/availabilityForm';
import { LiveTextInput } from './LiveTextInput';
import {
  type TeamMessageValues,
  type TeamVenue,
  characterCount,
  emptyTeamMessage,
  teamAudience,
  teamMessage,
  teamMessageSchema,
  venueDays,
  venueShifts,
} from './teamMessageForm';
import { type AudienceLoad, useAudiencePreview } from './useAudiencePreview';

const FIELDS: readonly (keyof TeamMessageValues)[] = ['venueId', 'day', 'shiftId', 'subject', 'body', 'bannerUntil'];

const ORGANISERS_COPY = 'The organisers get a copy of every message you send.';

const volunteersText = (count: number): string => `${count.toLocaleString('en-US')} volunteer${count === 1 ? '' : 's'}`;

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <Stack spacing={2}>{children}</Stack>
    </Paper>
  );
}

/** The venue, then optionally one of its days, then optionally one shift (of that day); a choice that no longer fits is cleared. */
function AudienceFields({ venues }: { venues: readonly TeamVenue[] }) {
  const { values, setFieldValue } = useFormikContext<TeamMessageValues>();
  const venue = venues.find((candidate) => candidate.id === values.venueId);
  const days = venueDays(venue);
  const shifts = venueShifts(venue, values.day);
  const dayFits = values.day === null || days.includes(values.day);
  const shiftFits = values.shiftId === null || shifts.some((shift) => shift.id === values.shiftId);
  useEffect(() => {
    if (!dayFits) void setFieldValue('day', null, false);
  }, [dayFits, setFieldValue]);
  useEffect(() => {
    if (!shiftFits) void setFieldValue('shiftId', null, false);
  }, [shiftFits, setFieldValue]);

  return (
    <>
      <SelectInput
        name="venueId"
        label="Venue"
        choices={venues.map(({ id, name }) => ({ value: id, label: name }))}
        emptyLabel="Choose a venue"
        required
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SelectInput
          name="day"
          label="Day"
          choices={days.map((day) => ({ value: day, label: formatShiftDay(day) }))}
          emptyLabel="Every day"
          disabled={!venue}
        />
        <SelectInput
          name="shiftId"
          label="Shift"
          choices={shifts.map(({ id, label }) => ({ value: id, label }))}
          emptyLabel="Every shift"
          disabled={!venue}
        />
      </Stack>
    </>
  );
}

/** How many get it and who, as the server counts them now. */
function AudienceSummary({ load }: { load: AudienceLoad }) {
  const { preview, loading, refusal, failed, retry } = load;
  if (refusal)
    return (
      <Alert severity="error" role="alert">
        {refusal}
      </Alert>
    );
  if (failed)
    return (
      <Box>
        <Typography sx={{ mb: 1 }}>Who gets it could not be counted right now.</Typography>
        <Button variant="outlined" onClick={retry}>
          Try again
        </Button>
      </Box>
    );
  return (
    <Box>
      <Typography role="status" sx={{ overflowWrap: 'anywhere' }}>
        {loading && 'Counting who gets it...'}
        {preview &&
          (preview.count === 0 ? (
            <>Nobody is assigned to {preview.description} yet, so there is nobody to write to.</>
          ) : (
            <>
              <strong>{volunteersText(preview.count)}</strong> get this message: {preview.description}.
            </>
          ))}
        {!loading && !preview && 'Choose a venue to see who gets the message.'}
      </Typography>
      {preview && preview.recipients.length > 0 && (
        <Box
          component="ul"
          aria-label="Recipients"
          // Focusable: a long list scrolls inside its box, and keyboard users must reach all of it.
          tabIndex={0}
          sx={{
            listStyle: 'none',
            m: 0,
            mt: 1,
            p: 1,
            maxHeight: 240,
            overflowY: 'auto',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
        >
          {preview.recipients.map((recipient) => (
            <Box component="li" key={recipient.id} sx={{ py: 0.5, overflowWrap: 'anywhere' }}>
              {recipient.name}{' '}
              <Typography component="span" variant="body2" color="text.secondary">
                ({recipient.svid})
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** The merge fields, each with what it holds for the audience chosen (the schedule fields read that venue, day or shift). */
function MergeFieldList({ audience, venues }: { audience: TeamAudience | null; venues: readonly TeamVenue[] }) {
  const id = useId();
  const help = useMemo(() => {
    const shifts = new Map(venues.flatMap((venue) => venue.shifts.map((shift) => [shift.id, shift.label] as const)));
    return mergeFieldHelp(audience && teamAudienceNode(audience), {
      venue: (venueId) => venues.find((venue) => venue.id === venueId)?.name,
      shift: (shiftId) => shifts.get(shiftId),
    });
  }, [audience, venues]);
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="subtitle1" component="h3" sx={{ fontWeight: 'bold' }}>
        Merge fields
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Write one in braces in the subject or the message, and each volunteer reads their own: Hello {'{firstName}'}.
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'max-content minmax(0, 1fr)' }, columnGap: 2, m: 0 }}
      >
        {MERGE_FIELD_NAMES.map((name) => (
          <Fragment key={name}>
            <Box component="dt" sx={{ fontFamily: 'monospace', mt: { xs: 1, sm: 0.5 } }}>{`{${name}}`}</Box>
            <Box component="dd" sx={{ m: 0, mt: { sm: 0.5 }, color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {help[name]}
            </Box>
          </Fragment>
        ))}
      </Box>
    </Box>
  );
}

function ConfirmSendDialog({
  values,
  preview,
  pending,
  onConfirm,
  onClose,
}: {
  values: TeamMessageValues | null;
  preview: AudiencePreview | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  if (!values) return null;
  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Send this message?</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1, overflowWrap: 'anywhere' }}>
          <strong>{values.subject.trim()}</strong>
        </DialogContentText>
        <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
          {preview
            ? `It goes by email to ${volunteersText(preview.count)} (${preview.description}).`
            : 'It goes by email to the volunteers you chose.'}{' '}
          {ORGANISERS_COPY} A message cannot be taken back once sent.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={onConfirm} disabled={pending}>
          {pending ? 'Sending...' : 'Send message'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Compose({
  venues,
  confirming,
  setConfirming,
  onSent,
}: {
  venues: readonly TeamVenue[];
  /** The message waiting for the team leader's confirmation. */
  confirming: TeamMessageValues | null;
  setConfirming: (values: TeamMessageValues | null) => void;
  onSent: () => void;
}) {
  const formik = useFormikContext<TeamMessageValues>();
  const { showError, showMessage, clearAll } = useAlerts();
  const { venueId, day, shiftId } = formik.values;
  const audience = useMemo(() => teamAudience({ venueId, day, shiftId }), [venueId, day, shiftId]);
  const audienceLoad = useAudiencePreview(audience);
  const [pending, setPending] = useState(false);
  const nobody = audienceLoad.preview?.count === 0 || audienceLoad.refusal !== null;

  // Formik marks every field touched and holds back the confirmation while a check fails; the first failing field gets the cursor.
  const attemptSend = async () => {
    await formik.submitForm();
    const errors = await formik.validateForm();
    const first = FIELDS.find((field) => errors[field]);
    if (first) document.getElementById(first)?.focus();
  };

  const send = async () => {
    if (!confirming) return;
    setPending(true);
    clearAll();
    try {
      const sent = await endpoints.sendTeamMessage(teamMessage(confirming));
      formik.resetForm({
        values: { ...emptyTeamMessage(venues), venueId: confirming.venueId, day: confirming.day, shiftId: confirming.shiftId },
      });
      showMessage(`Your message is on its way to ${volunteersText(sent.recipients)}. ${ORGANISERS_COPY}`);
      onSent();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length) {
        const fields = serverFieldErrors(error.errors);
        formik.setErrors(fields.errors);
        void formik.setTouched({ ...formik.touched, ...fields.touched }, false);
        const first = FIELDS.find((field) => field in error.errors);
        if (first) requestAnimationFrame(() => document.getElementById(first)?.focus());
      }
      showError(error);
    } finally {
      setPending(false);
      setConfirming(null);
    }
  };

  return (
    <Form
      noValidate
      aria-label="Write to my volunteers"
      onSubmit={(event) => {
        event.preventDefault();
        void attemptSend();
      }}
    >
      <FormSection title="Who gets it">
        <AudienceFields venues={venues} />
        <AudienceSummary load={audienceLoad} />
      </FormSection>
      <FormSection title="Your message">
        <LiveTextInput name="subject" label="Subject" required helperText={characterCount(formik.values.subject, MESSAGE_LIMITS.subject)} />
        <LiveTextInput
          name="body"
          label="Message"
          required
          multiline
          minRows={8}
          helperText={`Markdown: **bold**, *italic*, [a link](https://…), lines starting with - make a list. ${characterCount(formik.values.body, MESSAGE_LIMITS.body)}`}
        />
        <MergeFieldList audience={audience} venues={venues} />
        <TextInput
          name="bannerUntil"
          label="Show on their dashboards until (Pacific time)"
          type="datetime-local"
          slotProps={{ inputLabel: { shrink: true } }}
          helperText="Optional: the message also shows as a notice at the top of their dashboards until then. Leave empty for none."
        />
      </FormSection>
      <Typography sx={{ mb: 2 }}>{ORGANISERS_COPY}</Typography>
      <Button type="submit" variant="contained" disabled={nobody || pending}>
        Send
      </Button>
      <ConfirmSendDialog
        values={confirming}
        preview={audienceLoad.preview}
        pending={pending}
        onConfirm={() => void send()}
        onClose={() => setConfirming(null)}
      />
    </Form>
  );
}

/**
 * The team leader's message: who gets it (a venue they lead, optionally one day or one
 * shift of it, counted and listed by the server), the subject and the Markdown body with their merge
 * fields checked as they type, an optional banner, and a confirmation before it goes.
 */
export function TeamMessageForm({ venues, onSent }: { venues: readonly TeamVenue[]; onSent: () => void }) {
  const schema = useMemo(() => teamMessageSchema(() => Date.now()), []);
  const [confirming, setConfirming] = useState<TeamMessageValues | null>(null);
  return (
    <Formik<TeamMessageValues> initialValues={emptyTeamMessage(venues)} validationSchema={schema} onSubmit={setConfirming}>
      <Compose venues={venues} confirming={confirming} setConfirming={setConfirming} onSent={onSent} />
    </Formik>
  );
}
