import { Box, Card, CardContent, Chip, LinearProgress, Paper, Typography } from '@mui/material';
import { DELIVERY_STATES, formatPacific } from '@svp/domain';
import { useEffect } from 'react';
import {
  DataTable,
  List,
  ListButton,
  ReferenceField,
  SearchInput,
  SelectInput,
  Show,
  TopToolbar,
  useListContext,
  useRecordContext,
} from 'react-admin';
import { type Detail, Details } from '../common/Details';
import { LoadingText } from '../common/LoadingText';
import { scrollX } from '../common/ScrollBox';
import { formatUtc } from '../common/utcDates';
import { DELIVERY_STATE_CHOICES, DELIVERY_STATE_LABELS, MESSAGE_STATE_LABELS, deliveredOrFailed, plural, timeLeftText } from './labels';
import { MessageActions } from './MessageActions';
import type { MessageDetail, MessageRecipientRow } from './types';

/** How often a message being sent is read again. */
export const PROGRESS_REFRESH_MS = 2000;

const isSending = (message: MessageDetail | undefined) => message?.state === 'sending';

function MessageTitle() {
  const message = useRecordContext<MessageDetail>();
  return <span aria-hidden="true">{message ? `Message: ${message.subject}` : 'Message'}</span>;
}

const Actions = () => (
  <TopToolbar>
    <ListButton label="Back to the messages" />
  </TopToolbar>
);

/** The bar, the figure per delivery state and the time left at the server's pace. */
function Progress({ message }: { message: MessageDetail }) {
  const done = deliveredOrFailed(message.counts);
  const share = message.recipients ? Math.round((done / message.recipients) * 100) : 100;
  const left = isSending(message) ? timeLeftText(message.secondsLeft) : null;
  return (
    <Box component="section" aria-labelledby="progress-title" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography id="progress-title" component="h2" variant="h6">
          Progress
        </Typography>
        <Chip size="small" label={MESSAGE_STATE_LABELS[message.state].label} color={MESSAGE_STATE_LABELS[message.state].color} />
      </Box>
      <LinearProgress
        variant="determinate"
        value={share}
        aria-label="Sent or failed"
        aria-valuetext={`${done.toLocaleString('en-US')} of ${plural(message.recipients, 'recipient')} sent or failed`}
        sx={{ height: 10, borderRadius: 5 }}
      />
      <Typography role="status">
        {`${done.toLocaleString('en-US')} of ${plural(message.recipients, 'recipient')} sent or failed (${share}%)`}
        {left ? ` · ${left}` : ''}
      </Typography>
      <Box
        component="ul"
        aria-label="Recipients per state"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
      >
        {DELIVERY_STATES.map((state) => (
          <li key={state}>
            <Chip
              variant="outlined"
              color={DELIVERY_STATE_LABELS[state].color}
              label={`${DELIVERY_STATE_LABELS[state].label}: ${message.counts[state].toLocaleString('en-US')}`}
            />
          </li>
        ))}
      </Box>
      <MessageActions message={message} />
    </Box>
  );
}

function Summary({ message }: { message: MessageDetail }) {
  const items: Detail[] = [
    ['From', message.author.kind === 'team-leader' ? `${message.author.name} (team leader)` : `${message.author.name}, for the organisers`],
    ['Audience', message.audience],
    ['Recipients', message.recipients.toLocaleString('en-US')],
    ['Created', formatUtc(message.createdAt)],
    ['Finished', message.finishedAt ? formatUtc(message.finishedAt) : ''],
    ['Cancelled', message.cancelledAt ? formatUtc(message.cancelledAt) : ''],
    ['Dashboard banner until', message.bannerUntil ? `${formatPacific(new Date(message.bannerUntil))} (Pacific time)` : 'No banner'],
    ['Sending pace', `${plural(message.ratePerSecond, 'email')} a second`],
  ];
  if (message.venueId !== null)
    items.splice(2, 0, ['Venue', <ReferenceField key="venue" source="venueId" reference="venues" link={false} />]);
  if (message.organisersCopy) items.push(['Copy to the organisers', message.organisersCopy]);
  return <Details items={items} label="About the message" />;
}

const recipientFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name, SV ID or email" />,
  <SelectInput key="state" source="state" label="State" choices={DELIVERY_STATE_CHOICES} emptyText="All states" alwaysOn />,
];

/** The rows are read again when the message's state changes, so the last ones sent show as sent. */
function RefetchOnStateChange({ state }: { state: MessageDetail['state'] }) {
  const { refetch } = useListContext();
  useEffect(() => {
    void refetch();
  }, [state, refetch]);
  return null;
}

function Recipients({ message }: { message: MessageDetail }) {
  return (
    <Box component="section" aria-labelledby="recipients-title">
      <Typography id="recipients-title" component="h2" variant="h6">
        Recipients
      </Typography>
      <List
        resource={`messages/${message.id}/recipients`}
        filters={recipientFilters}
        sort={{ field: 'id', order: 'ASC' }}
        perPage={50}
        title={false}
        actions={false}
        exporter={false}
        empty={false}
        disableSyncWithLocation
        storeKey={false}
        queryOptions={{ refetchInterval: isSending(message) ? PROGRESS_REFRESH_MS : false }}
        component="div"
      >
        <RefetchOnStateChange state={message.state} />
        <Box sx={scrollX}>
          <DataTable
            rowClick={false}
            bulkActionButtons={false}
            aria-label="Recipients"
            empty={<Typography sx={{ p: 2 }}>No recipient matches these filters.</Typography>}
          >
            <DataTable.Col
              source="name"
              label="Name"
              cellSx={() => ({ minWidth: 150 })}
              render={(row: MessageRecipientRow) => (
                <>
                  {row.name}
                  {row.svid && (
                    <Typography variant="caption" component="div" color="text.secondary">
                      SV ID {row.svid}
                    </Typography>
                  )}
                </>
              )}
            />
            <DataTable.Col source="email" label="Email" disableSort cellSx={() => ({ whiteSpace: 'nowrap' })} />
            <DataTable.Col
              source="state"
              label="State"
              disableSort
              render={(row: MessageRecipientRow) => (
                <Chip size="small" label={DELIVERY_STATE_LABELS[row.state].label} color={DELIVERY_STATE_LABELS[row.state].color} />
              )}
            />
            <DataTable.Col source="attempts" label="Attempts" disableSort align="right" />
            <DataTable.Col
              source="sentAt"
              label="Sent"
              disableSort
              render={(row: MessageRecipientRow) => (row.sentAt ? formatUtc(row.sentAt) : '—')}
              cellSx={() => ({ whiteSpace: 'nowrap' })}
            />
            <DataTable.Col
              source="error"
              label="Mail server’s answer"
              disableSort
              render={(row: MessageRecipientRow) => row.error ?? '—'}
              cellSx={() => ({ minWidth: 200, overflowWrap: 'anywhere' })}
            />
          </DataTable>
        </Box>
      </List>
    </Box>
  );
}

function MessageView() {
  const message = useRecordContext<MessageDetail>();
  if (!message) return <LoadingText>Loading the message...</LoadingText>;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Card variant="outlined">
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography component="h1" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
            {message.subject}
          </Typography>
          <Summary message={message} />
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Progress message={message} />
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography component="h2" variant="h6" gutterBottom>
            Message as written
          </Typography>
          <Paper
            variant="outlined"
            component="pre"
            aria-label="Message as written"
            tabIndex={0}
            sx={{
              m: 0,
              p: 1.5,
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              fontFamily: 'monospace',
              fontSize: '0.85rem',
              maxHeight: 480,
              overflowY: 'auto',
            }}
          >
            {message.body}
          </Paper>
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Recipients message={message} />
        </CardContent>
      </Card>
    </Box>
  );
}

/** One message: what was written, to whom, and its sending, read again every 2 s while it goes out. */
export function MessageShow() {
  return (
    <Show
      title={<MessageTitle />}
      actions={<Actions />}
      component="div"
      loading={<LoadingText>Loading the message...</LoadingText>}
      queryOptions={{
        refetchInterval: (query) => (isSending(query.state.data as MessageDetail | undefined) ? PROGRESS_REFRESH_MS : false),
      }}
    >
      <MessageView />
    </Show>
  );
}
