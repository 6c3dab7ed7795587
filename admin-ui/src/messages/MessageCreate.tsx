import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  Typography,
} from '@mui/material';
import { ErrorCode, conferenceDays, formatPacific } from '@svp/domain';
import { useId, useMemo, useState } from 'react';
import { Form, ListButton, useCreate, useNotify, useRedirect } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { LoadingText } from '../common/LoadingText';
import { useAdminQuery } from '../common/useAdminQuery';
import { useEditionSettings } from '../common/useEditionSettings';
import { errorCode } from '../dataProvider';
import { AppBarTitle } from '../records/AppBarTitle';
import type { ShiftRow, VenueRow } from '../schedule/types';
import { type AudienceChoices, AudienceInput, audienceNames } from './AudienceBuilder';
import { audienceOf, draftProblem } from './audienceDraft';
import { AudienceRecipients } from './AudienceRecipients';
import {
  type ComposeValues,
  type MessageRequest,
  bannerUntilProblem,
  messageOf,
  messageRequest,
  newComposeValues,
  pacificInstant,
  showServerErrors,
} from './compose';
import { plural, sendLabel } from './labels';
import { LiveTextInput } from './LiveTextInput';
import { MessagePreviewPanel } from './MessagePreviewPanel';
import { MessageText } from './MessageText';
import type { MessageDetail } from './types';
import { type AudienceCount, useAudienceCount } from './useAudienceCount';

const NOBODY_TO_SEND_TO = 'Nobody is in this audience now: change it so that it holds at least one person.';

interface Confirming {
  values: ComposeValues;
  recipients: number;
}

function SendDialog({
  confirming,
  sending,
  onCancel,
  onSend,
}: {
  confirming: Confirming;
  sending: boolean;
  onCancel: () => void;
  onSend: () => void;
}) {
  const titleId = useId();
  const { values, recipients } = confirming;
  const bannerUntil = values.bannerUntil ? pacificInstant(values.bannerUntil) : null;
  return (
    <Dialog open onClose={sending ? undefined : onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        Send “{values.subject}” to {plural(recipients, 'recipient')}?
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          Each recipient gets their own email, with the merge fields filled in for them. The emails go out in the background, a few a
          second; from the message’s page you can follow them and cancel those still queued.
        </DialogContentText>
        {bannerUntil && (
          <DialogContentText sx={{ mt: 1 }}>
            It also shows as a banner on their dashboard until {formatPacific(bannerUntil)} (Pacific time).
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={sending}>
          Keep editing
        </Button>
        <Button variant="contained" startIcon={<SendIcon />} onClick={onSend} disabled={sending}>
          {sending ? 'Sending...' : sendLabel(recipients)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** 'Send to N recipients': checks every field, asks, then creates the message and opens its page. */
function SendButton({ count }: { count: AudienceCount }) {
  const form = useFormContext<ComposeValues>();
  const [create] = useCreate<MessageRequest, Error, MessageDetail>('messages', undefined, { returnPromise: true });
  const notify = useNotify();
  const redirect = useRedirect();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [checking, setChecking] = useState(false);
  const [sending, setSending] = useState(false);

  const ask = form.handleSubmit(async (values) => {
    setChecking(true);
    try {
      const preview = await count.ensure();
      if (preview.count === 0) form.setError('audience', { type: 'server', message: NOBODY_TO_SEND_TO });
      else setConfirming({ values, recipients: preview.count });
    } catch (error) {
      notify(messageOf(error, 'The audience could not be counted.'), { type: 'error' });
    } finally {
      setChecking(false);
    }
  });

  const send = async () => {
    if (!confirming) return;
    setSending(true);
    try {
      // returnPromise: the created message, or a throw (the hook's type cannot tell).
      const message = (await create('messages', {
        data: messageRequest(confirming.values, audienceOf(confirming.values.audience)),
      })) as MessageDetail;
      notify(`Message queued for ${plural(message.recipients, 'recipient')}.`, { type: 'success' });
      redirect('show', 'messages', message.id);
    } catch (error) {
      // Nothing was sent: the refusal shows on the fields it names, and the form stays as it was.
      setConfirming(null);
      if (!showServerErrors(error, form.setError) && errorCode(error) === ErrorCode.NoRecipients)
        form.setError('audience', { type: 'server', message: messageOf(error) });
      notify(messageOf(error, 'The message could not be sent.'), { type: 'error' });
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Button variant="contained" size="large" startIcon={<SendIcon />} onClick={(event) => void ask(event)} disabled={checking || sending}>
        {checking ? 'Counting the recipients...' : count.preview?.count ? sendLabel(count.preview.count) : 'Send'}
      </Button>
      {confirming && (
        <SendDialog confirming={confirming} sending={sending} onCancel={() => setConfirming(null)} onSend={() => void send()} />
      )}
    </>
  );
}

/** The form's parts that follow what is typed: the audience counted, the preview, the send button. */
function Composer({ choices }: { choices: AudienceChoices }) {
  const draft = useWatch<ComposeValues, 'audience'>({ name: 'audience' });
  const problem = draftProblem(draft, choices.catalogue);
  const audience = useMemo(() => (problem ? null : audienceOf(draft)), [draft, problem]);
  const count = useAudienceCount(audience);
  const names = useMemo(() => audienceNames(choices), [choices]);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <AudienceInput choices={choices}>
        <AudienceRecipients count={count} problem={problem} />
      </AudienceInput>
      <Divider />
      <MessageText audience={audience} names={names} />
      <LiveTextInput
        source="bannerUntil"
        label="Show as a banner on the dashboard until (Pacific time)"
        type="datetime-local"
        validate={[(value: unknown) => bannerUntilProblem(value)]}
        helperText="Optional. Leave it empty for no banner: the message is still in each recipient's Messages page."
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Divider />
      <MessagePreviewPanel audience={audience} />
      <Divider />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <SendButton count={count} />
        <Typography variant="body2" color="text.secondary">
          You are asked to confirm before anything is sent.
        </Typography>
      </Box>
    </Box>
  );
}

/**
 * Writing a message to volunteers: who gets it, built from segments and groups and counted as
 * it changes; the subject and Markdown body with merge fields; a preview and a test to oneself; an
 * optional dashboard banner; then sending, after a confirmation, to the message's page.
 */
export function MessageCreate() {
  const settings = useEditionSettings();
  const venues = useAdminQuery((api) => api.listAll<VenueRow>('venues'), 'message-venues');
  const shifts = useAdminQuery((api) => api.listAll<ShiftRow>('shifts'), 'message-shifts');
  const choices = useMemo<AudienceChoices | null>(
    () =>
      settings
        ? {
            catalogue: settings.statusCatalogue,
            statusLabels: settings.statusLabels,
            days: conferenceDays(settings.conference),
            venues: venues.data ?? [],
            shifts: shifts.data ?? [],
          }
        : null,
    [settings, venues.data, shifts.data],
  );
  const defaultValues = useMemo(newComposeValues, []);
  return (
    <Card sx={{ mt: 2 }}>
      <AppBarTitle text="Write a message" />
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="h5" component="h1">
            Write a message
          </Typography>
          <ListButton resource="messages" label="Back to the messages" />
        </Box>
        <Typography variant="body2" color="text.secondary">
          An email to the people the audience holds when you send it, each with their own merge fields. It also appears in their Messages
          page in the portal.
        </Typography>
        {(venues.error || shifts.error) && (
          <Alert severity="warning">
            {`The ${venues.error ? 'venues' : 'shifts'} could not be loaded, so they cannot be ` +
              `picked: ${messageOf(venues.error ?? shifts.error)}`}
          </Alert>
        )}
        {choices ? (
          <Form defaultValues={defaultValues} mode="onChange" noValidate>
            <Composer choices={choices} />
          </Form>
        ) : (
          <LoadingText>Loading the edition's statuses and days...</LoadingText>
        )}
      </CardContent>
    </Card>
  );
}
