import NextPlanIcon from '@mui/icons-material/NextPlan';
import { Alert, Box, Button, Card, CardContent, CardHeader, Typography } from '@mui/material';
import { type SeasonStep, TIMELINE_LABELS, seasonNextStep } from '@svp/domain';
import { useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useAdminQuery } from '../common/useAdminQuery';
import { formatUtc } from '../common/utcDates';
import type { AdminDataProvider, PublicSettings } from '../dataProvider';
import { messageOf } from '../messages/compose';
import { dayWithWeekday } from '../settings/EditionDateInputs';

const DAY_MS = 86_400_000;

/** 'today', 'tomorrow', 'in 6 days', '3 days ago'. */
function fromNow(at: string, now: string): string {
  const days = Math.round((Date.parse(at) - Date.parse(now)) / DAY_MS);
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  return days > 1 ? `in ${days} days` : `${-days} days ago`;
}

function describe(step: SeasonStep, settings: PublicSettings): { title: string; text: string } {
  const name = settings.conference.name;
  switch (step.kind) {
    case 'date':
      return {
        title: `Next: ${TIMELINE_LABELS[step.key]}`,
        text: `${formatUtc(step.at)}, ${fromNow(step.at, settings.now)}.`,
      };
    case 'conference':
      return {
        title: 'Next: the conference week',
        text: `${name} starts with its first shifts on ${dayWithWeekday(step.firstShiftDay)}. Every date of the timeline has passed.`,
      };
    case 'underWay':
      return { title: `${name} is under way`, text: `The conference week runs until ${dayWithWeekday(step.endDate)}.` };
    case 'over':
      return {
        title: `${name} is over`,
        text:
          'Start the next edition when you are ready: its dates are proposed in the same week of next year, and the venues, ' +
          'shifts and team leaders can be carried over.',
      };
  }
}

/** The season's next step on the server's clock: what opens or closes next, the conference week, then the next edition. */
export function NextStepCard() {
  const api = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const settings = useAdminQuery((provider) => provider.publicSettings(), 'public-settings:next-step');
  const [opening, setOpening] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!settings.data) return null;
  const step = seasonNextStep(settings.data, new Date(settings.data.now));
  const { title, text } = describe(step, settings.data);

  const openNow = async () => {
    setOpening(true);
    setRefusal(null);
    // Now on the server's clock, which decides every gate (it may differ from this browser's).
    const loaded = settings.loadedAt?.getTime() ?? Date.now();
    const serverNow = new Date(Date.parse(settings.data!.now) + (Date.now() - loaded));
    try {
      await api.update('settings', {
        id: 'edition',
        data: { timeline: { applicationLaunchDate: serverNow.toISOString() } },
        previousData: { id: 'edition' },
      });
      notify('Applications are open', { type: 'success' });
      settings.refetch();
    } catch (error) {
      setRefusal(messageOf(error, 'Applications could not be opened.'));
    } finally {
      setOpening(false);
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="next-step-heading" data-testid="next-step">
      <CardHeader
        title={title}
        subheader={settings.data.conference.name}
        slotProps={{ title: { component: 'h2', variant: 'h6', id: 'next-step-heading' } }}
      />
      <CardContent sx={{ pt: 0, display: 'grid', gap: 1.5, justifyItems: 'start' }}>
        <Typography>{text}</Typography>
        {refusal && <Alert severity="error">{refusal}</Alert>}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {step.kind === 'over' ? (
            <Button component={RouterLink} to="/editions/new" variant="contained" startIcon={<NextPlanIcon />}>
              Start the next edition
            </Button>
          ) : (
            <>
              {step.kind === 'date' && step.key === 'applicationLaunchDate' && (
                <Button variant="contained" onClick={() => void openNow()} disabled={opening}>
                  {opening ? 'Opening...' : 'Open applications now'}
                </Button>
              )}
              {step.kind === 'underWay' ? (
                <Button component={RouterLink} to="/records/board" variant="outlined">
                  Live board
                </Button>
              ) : (
                <Button component={RouterLink} to="/settings" variant="outlined">
                  Change the dates
                </Button>
              )}
            </>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
