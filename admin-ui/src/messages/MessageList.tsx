import EditIcon from '@mui/icons-material/Edit';
import { Box, Chip, type Theme, Typography, useMediaQuery } from '@mui/material';
import { CreateButton, DataTable, List, SelectInput, SimpleList, TopToolbar } from 'react-admin';
import { formatUtc } from '../common/utcDates';
import { MESSAGE_STATE_CHOICES, MESSAGE_STATE_LABELS, countsText, plural } from './labels';
import type { MessageSummary } from './types';

/** How often the list is read again while one of its messages is being sent. */
export const LIST_REFRESH_MS = 5000;

const filters = [<SelectInput key="state" source="state" label="State" choices={MESSAGE_STATE_CHOICES} emptyText="All states" alwaysOn />];

const Actions = () => (
  <TopToolbar>
    <CreateButton label="Write a message" icon={<EditIcon />} />
  </TopToolbar>
);

/** Before the first message: what the page is for, and the way to write one. */
const NoMessages = () => (
  <Box sx={{ textAlign: 'center', py: 6, px: 2 }}>
    <Typography variant="h6" component="p" gutterBottom>
      No message has been sent yet.
    </Typography>
    <Typography color="text.secondary" sx={{ mb: 2 }}>
      Write to volunteers by status, role, venue, day or shift; each gets their own copy by email.
    </Typography>
    <CreateButton label="Write a message" icon={<EditIcon />} variant="contained" />
  </Box>
);

const authorText = (message: MessageSummary) =>
  message.author.kind === 'team-leader' ? `${message.author.name} (team leader)` : message.author.name;

const StateChip = ({ message }: { message: MessageSummary }) => (
  <Chip size="small" label={MESSAGE_STATE_LABELS[message.state].label} color={MESSAGE_STATE_LABELS[message.state].color} />
);

function Progress({ message }: { message: MessageSummary }) {
  return (
    <>
      {countsText(message.counts)}
      <Typography variant="caption" component="div" color="text.secondary">
        of {plural(message.recipients, 'recipient')}
      </Typography>
    </>
  );
}

const sendingOnPage = (page: { data?: MessageSummary[] } | undefined) =>
  Boolean(page?.data?.some((message) => message.state === 'sending'));

/** The messages sent to volunteers, newest first, with how far each one's sending has got. */
export function MessageList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      filters={filters}
      actions={<Actions />}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      title="Messages"
      exporter={false}
      empty={<NoMessages />}
      queryOptions={{
        refetchInterval: (query) => (sendingOnPage(query.state.data as { data?: MessageSummary[] } | undefined) ? LIST_REFRESH_MS : false),
      }}
    >
      {isSmall ? (
        <SimpleList<MessageSummary>
          primaryText={(message) => message.subject}
          // The date goes with the rest: a tertiary text would squeeze the figures into a narrow column.
          secondaryText={(message) =>
            `${formatUtc(message.createdAt)} · ${MESSAGE_STATE_LABELS[message.state].label} · ${countsText(message.counts)}`
          }
          linkType="show"
        />
      ) : (
        <DataTable rowClick="show" bulkActionButtons={false} aria-label="Messages">
          <DataTable.Col source="subject" label="Subject" cellSx={() => ({ minWidth: 180, overflowWrap: 'anywhere' })} />
          <DataTable.Col label="Author" disableSort render={authorText} />
          <DataTable.Col
            label="Audience"
            disableSort
            render={(message: MessageSummary) => message.audience}
            cellSx={() => ({ minWidth: 180 })}
          />
          <DataTable.Col label="State" disableSort render={(message: MessageSummary) => <StateChip message={message} />} />
          <DataTable.Col label="Progress" disableSort render={(message: MessageSummary) => <Progress message={message} />} />
          <DataTable.Col
            source="createdAt"
            label="Created"
            render={(message: MessageSummary) => formatUtc(message.createdAt)}
            cellSx={() => ({ whiteSpace: 'nowrap' })}
          />
        </DataTable>
      )}
    </List>
  );
}
