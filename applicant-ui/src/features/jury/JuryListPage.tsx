import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Chip,
  LinearProgress,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { gates as gatesAt } from '@svp/domain';
import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import type { JuryItem } from '../../api/types';
import { useSession } from '../../state/SessionContext';
import { useSettings } from '../../state/SettingsContext';
import { LoadingText } from '../application/LoadingText';
import { JURY_FILTERS, type JuryFilter, applicationTitle, isScored, matchesFilter, scoreSummary } from './juryItems';
import { formatJuryDeadline } from './juryDates';
import { ScoreDialog } from './ScoreDialog';
import { useJuryAssignments } from './useJuryAssignments';

const EMPTY_FILTER_TEXT: Record<JuryFilter, string> = {
  all: 'No applications have been assigned to you yet.',
  scored: 'You have not scored any application yet.',
  unscored: 'Every application assigned to you is scored.',
};

function Scores({ item }: { item: JuryItem }) {
  // Dark text on the light warning colour: white on orange is too faint for small text.
  if (!isScored(item)) return <Chip label="Not Scored" size="small" sx={{ mt: 0.5, bgcolor: 'warning.light', color: 'text.primary' }} />;
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }} component="span">
      {scoreSummary(item).map(({ field, text }) => (
        <Chip
          key={field}
          component="span"
          label={text}
          size="small"
          variant="outlined"
          color={field === 'red_flag' && item.red_flag === 1 ? 'error' : 'default'}
        />
      ))}
    </Stack>
  );
}

/** When scores can be saved, from the timeline on the server's clock (the server enforces it). */
function JuryWindow() {
  const { settings, serverNow } = useSettings();
  const gates = gatesAt(settings.timeline, new Date(serverNow()));
  if (gates.juryOpen) {
    return <Typography color="text.secondary">Scores can be saved until {formatJuryDeadline(settings.timeline.juryDeadline)}.</Typography>;
  }
  if (gates.afterJuryDeadline) return <Alert severity="warning">The jury deadline has passed; scores can no longer be saved.</Alert>;
  return <Alert severity="info">Jury scoring opens on {formatJuryDeadline(settings.timeline.juryReleaseDate)}.</Alert>;
}

/**
 * The team leader's jury list at /jury/view (docs/product.md, 'Jury, schedules and swaps'): progress, the All / Scored /
 * Unscored filter, one item per assigned application, and the score modal. After the jury
 * deadline the server closes the list, and the page says so instead.
 */
export default function JuryListPage() {
  const session = useSession();
  const { items, loading, failed, closed, retry, replaceItem } = useJuryAssignments(session.isTeamLeader);
  const [filter, setFilter] = useState<JuryFilter>('all');
  const [open, setOpen] = useState<number | null>(null);
  const profile = session.profile;

  if (!session.isTeamLeader) return <Navigate to="/dashboard" replace />;
  if (!profile) return null;

  const scored = items?.filter(isScored).length ?? 0;
  const assigned = items?.length ?? 0;
  const visible = (items ?? []).map((item, index) => ({ item, index })).filter(({ item }) => matchesFilter(item, filter));

  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        Applications
      </Typography>
      <Box sx={{ mb: 3 }}>
        {closed ? (
          <Alert severity="info" role="status" data-testid="jury-closed">
            <AlertTitle>The jury has closed</AlertTitle>
            {closed}
          </Alert>
        ) : (
          <JuryWindow />
        )}
      </Box>
      {loading && <LoadingText text="Loading list of applications..." />}
      {failed && (
        <Box sx={{ py: 2 }}>
          <Typography sx={{ mb: 1 }}>Your assignments could not be loaded right now.</Typography>
          <Button variant="outlined" onClick={retry}>
            Try again
          </Button>
        </Box>
      )}
      {items && (
        <>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}
          >
            <Box sx={{ flexGrow: 1, maxWidth: { sm: 360 } }}>
              <Typography id="jury-progress" sx={{ fontWeight: 'bold', mb: 0.5 }}>
                {scored} / {assigned} scored
              </Typography>
              <LinearProgress
                variant="determinate"
                value={assigned ? Math.round((scored / assigned) * 100) : 0}
                aria-labelledby="jury-progress"
                sx={{ height: 10, borderRadius: 5 }}
              />
            </Box>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={filter}
              onChange={(_event, value: JuryFilter | null) => value && setFilter(value)}
              aria-label="Show applications"
            >
              {JURY_FILTERS.map(({ value, label }) => (
                <ToggleButton key={value} value={value} sx={{ textTransform: 'none', px: 2 }}>
                  {label}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Stack>
          {visible.length === 0 ? (
            <Typography sx={{ py: 2 }}>{EMPTY_FILTER_TEXT[filter]}</Typography>
          ) : (
            <Paper variant="outlined">
              <List disablePadding aria-label="Assigned applications">
                {visible.map(({ item, index }) => (
                  <ListItem key={item.student_volunteer_id} disablePadding divider={index !== visible.at(-1)!.index}>
                    <ListItemButton onClick={() => setOpen(index)} aria-haspopup="dialog">
                      <ListItemText
                        primary={applicationTitle(index)}
                        secondary={<Scores item={item} />}
                        slotProps={{ primary: { sx: { fontWeight: 'bold' } }, secondary: { component: 'span' } }}
                      />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            </Paper>
          )}
          <ScoreDialog items={items} index={open} teamLeaderId={profile.id} onIndex={setOpen} onSaved={replaceItem} />
        </>
      )}
    </Box>
  );
}
