import NextPlanIcon from '@mui/icons-material/NextPlan';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  Typography,
} from '@mui/material';
import type { EditionSettings, NextEditionProposal } from '@svp/domain';
import { useId, useState } from 'react';
import { Form, TextInput, useDataProvider, useNotify, useRefresh } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { LoadingText } from '../common/LoadingText';
import { useAdminQuery } from '../common/useAdminQuery';
import { useEditionSettings } from '../common/useEditionSettings';
import type { AdminDataProvider } from '../dataProvider';
import { messageOf } from '../messages/compose';
import { AppBarTitle } from '../records/AppBarTitle';
import { CONFERENCE_LABELS, labelConferenceKeys } from '../settings/conferenceErrors';
import { ConferenceDayInputs, TimelineInputs, validateEditionDates } from '../settings/EditionDateInputs';
import { labelTimelineKeys } from '../settings/timelineErrors';
import { useEditionChoice, useEditionList } from './EditionContext';
import { startEditionErrors, startEditionSettings } from './startEdition';

const TITLE = 'Start the next edition';

function Heading({ children }: { children: string }) {
  return (
    <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
      {children}
    </Typography>
  );
}

interface StartDialogProps {
  proposal: NextEditionProposal;
  confirming: EditionSettings;
  copyVenues: boolean;
  currentName: string;
  onClose: () => void;
  onRefused: (message: string) => void;
}

/** 'Start SIGGRAPH 2027?': then the new edition is saved, or the refusal shows on the fields it names. */
function StartDialog({ proposal, confirming, copyVenues, currentName, onClose, onRefused }: StartDialogProps) {
  const titleId = useId();
  const { setError } = useFormContext();
  const api = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const { reload } = useEditionList();
  const [starting, setStarting] = useState(false);
  const name = confirming.conference.name;

  const start = async () => {
    setStarting(true);
    try {
      const { data } = await api.startEdition({ settings: startEditionSettings(proposal.settings, confirming), copyVenues });
      notify(`${data.name} is the current edition`, { type: 'success' });
      // Everything read so far belongs to the edition that just closed.
      reload();
      refresh();
      navigate('/settings');
    } catch (error) {
      const { fields, others } = startEditionErrors(error);
      Object.entries(fields).forEach(([field, message]) => setError(field, { type: 'server', message }));
      const sentence = labelConferenceKeys(labelTimelineKeys(messageOf(error, 'The edition could not be started.')));
      onRefused([sentence, ...others].join(' '));
      onClose();
    } finally {
      setStarting(false);
    }
  };

  return (
    <Dialog open onClose={starting ? undefined : onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Start {name}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {name} becomes the current edition at once, and {currentName} becomes read-only: nothing in it can be changed any more, and this
          cannot be undone.
        </DialogContentText>
        <DialogContentText sx={{ mt: 1 }}>
          {copyVenues ? `The venues (${proposal.venues}) are copied to ${name}.` : `${name} starts without venues.`}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={starting}>
          Keep editing
        </Button>
        <Button variant="contained" startIcon={<NextPlanIcon />} onClick={() => void start()} disabled={starting}>
          {starting ? 'Starting...' : `Start ${name}`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function StartEditionForm({ proposal, currentName }: { proposal: NextEditionProposal; currentName: string }) {
  const venuesHelpId = useId();
  const [copyVenues, setCopyVenues] = useState(proposal.venues > 0);
  const [confirming, setConfirming] = useState<EditionSettings | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const ask = (values: Record<string, unknown>) => {
    setRefusal(null);
    setConfirming(values as unknown as EditionSettings);
  };
  return (
    <Form record={proposal.settings} validate={validateEditionDates} onSubmit={ask} noValidate>
      <Alert severity="warning" role="note" sx={{ mb: 1 }}>
        <AlertTitle>{currentName} becomes read-only</AlertTitle>
        The new edition becomes the current one as soon as it is started: applicants apply to it and its deadlines run. {currentName} can
        still be read (choose it in the edition list at the top of the panel), but none of its applications, jury, schedule, records or
        messages can be changed any more. Accounts and profiles carry over.
      </Alert>
      <Typography variant="body2" color="text.secondary">
        The settings are this edition’s with every date a year later. Check each date; the other settings (switches, texts, status
        catalogue) can be changed on the Settings page afterwards.
      </Typography>
      <Heading>Conference</Heading>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, width: '100%' }}>
        <TextInput source="conference.name" label={CONFERENCE_LABELS.name} />
        <TextInput source="conference.city" label={CONFERENCE_LABELS.city} />
        <ConferenceDayInputs />
      </Box>
      <Heading>Timeline</Heading>
      <TimelineInputs />
      <Heading>Venues</Heading>
      <FormControlLabel
        control={
          <Checkbox
            checked={copyVenues}
            onChange={(event) => setCopyVenues(event.target.checked)}
            disabled={proposal.venues === 0}
            slotProps={{ input: { 'aria-describedby': venuesHelpId } }}
          />
        }
        label={`Copy the venues (${proposal.venues})`}
      />
      <FormHelperText id={venuesHelpId} sx={{ mt: 0 }}>
        Their names, locations and kinds; not their team leaders, shifts or schedule.
      </FormHelperText>
      {refusal && (
        <Alert severity="error" sx={{ mt: 2 }} onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 3 }}>
        <Button type="submit" variant="contained" startIcon={<NextPlanIcon />}>
          {TITLE}
        </Button>
        <Button component={Link} to="/settings">
          Back to the settings
        </Button>
      </Box>
      {confirming && (
        <StartDialog
          proposal={proposal}
          confirming={confirming}
          copyVenues={copyVenues}
          currentName={currentName}
          onClose={() => setConfirming(null)}
          onRefused={setRefusal}
        />
      )}
    </Form>
  );
}

/**
 * Next year's edition on the same portal: the current settings a year later, each date
 * editable and checked as on the Settings page, the venues copied or not, then a confirmation.
 */
export function EditionCreate() {
  const { reading, choose } = useEditionChoice();
  const { current } = useEditionList();
  const settings = useEditionSettings();
  const proposal = useAdminQuery((api) => api.nextEdition(), 'next-edition');
  const currentName = current?.name ?? settings?.conference.name ?? 'The current edition';
  return (
    <Card sx={{ mt: 2, maxWidth: 760 }}>
      <AppBarTitle text={TITLE} />
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography component="h1" variant="h5">
          {TITLE}
        </Typography>
        {reading ? (
          <Alert
            severity="info"
            action={
              <Button color="inherit" size="small" onClick={() => choose(null)}>
                Back to the current edition
              </Button>
            }
          >
            The next edition follows the current one: go back to it to start the next.
          </Alert>
        ) : proposal.error ? (
          <Alert severity="error">{proposal.error.message}</Alert>
        ) : proposal.data ? (
          <StartEditionForm proposal={proposal.data} currentName={currentName} />
        ) : (
          <LoadingText>Loading the next edition's settings...</LoadingText>
        )}
      </CardContent>
    </Card>
  );
}
