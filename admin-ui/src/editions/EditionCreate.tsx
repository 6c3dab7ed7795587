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
  TextField,
  Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { type EditionSettings, type NextEditionProposal, dayMoved } from '@svp/domain';
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
import { ConferenceDayInputs, TimelineInputs, dayWithWeekday, validateEditionDates } from '../settings/EditionDateInputs';
import { EditionTextInputs, FollowDerivedTexts } from '../settings/EditionTextInputs';
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

interface StartChoices {
  copyVenues: boolean;
  copyShifts: boolean;
  keepTeamLeaders: number[];
}

interface StartDialogProps {
  proposal: NextEditionProposal;
  confirming: EditionSettings;
  choices: StartChoices;
  currentName: string;
  onClose: () => void;
  onRefused: (message: string) => void;
}

/** 'Start SIGGRAPH 2027?': then the new edition is saved, or the refusal shows on the fields it names. */
function StartDialog({ proposal, confirming, choices, currentName, onClose, onRefused }: StartDialogProps) {
  const titleId = useId();
  const { setError } = useFormContext();
  const api = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const { reload } = useEditionList();
  const [starting, setStarting] = useState(false);
  const name = confirming.conference.name;
  const kept = proposal.teamLeaders.filter((leader) => choices.keepTeamLeaders.includes(leader.id));

  const start = async () => {
    setStarting(true);
    try {
      const { data } = await api.startEdition({ settings: startEditionSettings(proposal.settings, confirming), ...choices });
      notify(`${data.name} is the current edition`, { type: 'success' });
      // Everything read so far belongs to the edition that just closed.
      reload();
      refresh();
      navigate('/settings');
    } catch (error) {
      const { fields, others } = startEditionErrors(error);
      Object.entries(fields).forEach(([field, message]) => setError(field, { type: 'server', message }));
      const sentence = labelConferenceKeys(labelTimelineKeys(messageOf(error, 'The edition could not be started.')));
      onRefused([sentence, ...others.filter((other) => !sentence.includes(other))].join(' '));
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
          {!choices.copyVenues
            ? `${name} starts without venues or shifts.`
            : choices.copyShifts
              ? `The venues (${proposal.venues}) and their shifts (${proposal.shifts}), moved to the new dates, are copied to ${name}; ` +
                'no one is assigned to them.'
              : `The venues (${proposal.venues}) are copied to ${name}, without their shifts.`}
        </DialogContentText>
        <DialogContentText sx={{ mt: 1 }}>
          {kept.length
            ? `${listOfNames(kept.map((leader) => leader.name))} stay${kept.length === 1 ? 's' : ''} a team leader in ${name}; `
            : `${name} starts with no team leaders; `}
          {proposal.teamLeaders.length > kept.length
            ? `the other team leaders of ${currentName} are team leaders of that edition only.`
            : 'nobody else held the role.'}
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

const listOfNames = (names: string[]) => (names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/** Pick the conference's first day, and every date of the proposal moves with it. */
function FirstDayPicker({ startDate, onPick }: { startDate: string; onPick: (day: string) => void }) {
  const [day, setDay] = useState(startDate);
  const helpId = useId();
  const weekday = dayWithWeekday(day);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1, mt: 1 }}>
      <TextField
        type="date"
        label="First day of the conference"
        value={day}
        onChange={(event) => setDay(event.target.value)}
        size="small"
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-describedby': helpId } }}
        helperText={<span id={helpId}>{weekday ? `${weekday}. ` : ''}Every date moves with it, by as many days.</span>}
      />
      <Button type="button" variant="outlined" onClick={() => onPick(day)} disabled={!weekday || day === startDate}>
        Move every date
      </Button>
    </Box>
  );
}

interface StartEditionFormProps {
  proposal: NextEditionProposal;
  currentName: string;
  onPickStart: (day: string) => void;
}

function StartEditionForm({ proposal, currentName, onPickStart }: StartEditionFormProps) {
  const venuesHelpId = useId();
  const shiftsHelpId = useId();
  const leadersHelpId = useId();
  const [copyVenues, setCopyVenues] = useState(proposal.venues > 0);
  const [copyShifts, setCopyShifts] = useState(proposal.venues > 0 && proposal.shifts > 0);
  const [keepTeamLeaders, setKeepTeamLeaders] = useState<number[]>([]);
  const [confirming, setConfirming] = useState<EditionSettings | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const ask = (values: Record<string, unknown>) => {
    setRefusal(null);
    setConfirming(values as unknown as EditionSettings);
  };
  const weeks = proposal.movedDays / 7;
  const currentStartDate = dayMoved(proposal.settings.conference.startDate, -proposal.movedDays);
  return (
    <Form record={proposal.settings} validate={validateEditionDates} onSubmit={ask} noValidate>
      <Alert severity="warning" role="note" sx={{ mb: 1 }}>
        <AlertTitle>{currentName} becomes read-only</AlertTitle>
        The new edition becomes the current one as soon as it is started: applicants apply to it and its deadlines run. {currentName} can
        still be read (choose it in the edition list at the top of the panel), with its files, but none of its applications, jury, schedule,
        records or messages can be changed any more. Accounts and profiles carry over.
      </Alert>
      <Typography variant="body2" color="text.secondary">
        {Number.isInteger(weeks)
          ? `Every date is ${weeks} weeks later than in ${currentName} (from ${dayWithWeekday(currentStartDate)}), ` +
            'so each keeps its weekday. '
          : `Every date is ${proposal.movedDays} days later than in ${currentName}. `}
        Check each one, or pick the conference’s first day and move them all with it. The texts and links below are the new edition’s; those
        that follow from the dates change with them.
      </Typography>
      <FirstDayPicker startDate={proposal.settings.conference.startDate} onPick={onPickStart} />
      <Heading>Conference</Heading>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, width: '100%' }}>
        <TextInput source="conference.name" label={CONFERENCE_LABELS.name} />
        <TextInput source="conference.city" label={CONFERENCE_LABELS.city} />
        <ConferenceDayInputs />
      </Box>
      <Heading>Timeline</Heading>
      <TimelineInputs />
      <Heading>Texts and links</Heading>
      <Box sx={{ display: 'grid', width: '100%' }}>
        <EditionTextInputs />
      </Box>
      <FollowDerivedTexts />
      <Heading>Venues and shifts</Heading>
      <FormControlLabel
        control={
          <Checkbox
            checked={copyVenues}
            onChange={(event) => {
              setCopyVenues(event.target.checked);
              if (!event.target.checked) setCopyShifts(false);
            }}
            disabled={proposal.venues === 0}
            slotProps={{ input: { 'aria-describedby': venuesHelpId } }}
          />
        }
        label={`Copy the venues (${proposal.venues})`}
      />
      <FormHelperText id={venuesHelpId} sx={{ mt: 0 }}>
        Their names, locations and kinds, with those of their team leaders who keep the role.
      </FormHelperText>
      <FormControlLabel
        control={
          <Checkbox
            checked={copyShifts}
            onChange={(event) => setCopyShifts(event.target.checked)}
            disabled={!copyVenues || proposal.shifts === 0}
            slotProps={{ input: { 'aria-describedby': shiftsHelpId } }}
          />
        }
        label={`Copy the shifts too (${proposal.shifts})`}
      />
      <FormHelperText id={shiftsHelpId} sx={{ mt: 0 }}>
        Each with its venue, slots, role, requirement and texts, its day and times moved with the conference; nobody is assigned.
      </FormHelperText>
      <Heading>Team leaders</Heading>
      <Typography id={leadersHelpId} variant="body2" color="text.secondary">
        The role belongs to an edition. Tick those who lead again in the new one; the others stay team leaders of {currentName} only.
      </Typography>
      {proposal.teamLeaders.length ? (
        <Box component="fieldset" aria-describedby={leadersHelpId} sx={{ border: 0, p: 0, m: 0, display: 'grid' }}>
          <Typography component="legend" sx={visuallyHidden}>
            Team leaders who keep the role
          </Typography>
          {proposal.teamLeaders.map((leader) => (
            <FormControlLabel
              key={leader.id}
              control={
                <Checkbox
                  checked={keepTeamLeaders.includes(leader.id)}
                  onChange={(event) =>
                    setKeepTeamLeaders((kept) => (event.target.checked ? [...kept, leader.id] : kept.filter((id) => id !== leader.id)))
                  }
                />
              }
              label={`${leader.name} (${leader.email})`}
              sx={{ overflowWrap: 'anywhere' }}
            />
          ))}
        </Box>
      ) : (
        <Typography variant="body2">Nobody holds the team leader role now.</Typography>
      )}
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
          choices={{ copyVenues, copyShifts: copyVenues && copyShifts, keepTeamLeaders }}
          currentName={currentName}
          onClose={() => setConfirming(null)}
          onRefused={setRefusal}
        />
      )}
    </Form>
  );
}

/**
 * Next year's edition on the same portal: the current settings in the same week of the next year
 * (or moved with a first day the organisers pick), each date, text and link editable and checked as
 * on the Settings page; the venues and shifts copied or not, the team leaders who keep the role; then
 * a confirmation.
 */
export function EditionCreate() {
  const { reading, choose } = useEditionChoice();
  const { current } = useEditionList();
  const settings = useEditionSettings();
  const [startDate, setStartDate] = useState<string | undefined>(undefined);
  const proposal = useAdminQuery((api) => api.nextEdition(startDate), `next-edition:${startDate ?? ''}`);
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
        ) : proposal.data && !proposal.isPending ? (
          // A new proposal (a first day picked) starts the form again from its dates.
          <StartEditionForm
            key={proposal.data.settings.conference.startDate}
            proposal={proposal.data}
            currentName={currentName}
            onPickStart={setStartDate}
          />
        ) : (
          <LoadingText>Loading the next edition's settings...</LoadingText>
        )}
      </CardContent>
    </Card>
  );
}
