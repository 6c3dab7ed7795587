import GavelIcon from '@mui/icons-material/Gavel';
import InsightsIcon from '@mui/icons-material/Insights';
import { Alert, AlertTitle, Box, Button, Card, CardContent, CardHeader, LinearProgress, Link, TextField, Typography } from '@mui/material';
import { DEFAULT_TLS_PER_APP, estimatedAppsPerTeamLeader } from '@svp/domain';
import { useState } from 'react';
import { Title } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { type Detail, Details } from '../common/Details';
import { useAdminQuery } from '../common/useAdminQuery';
import { useEditionSettings } from '../common/useEditionSettings';
import { formatUtc } from '../common/utcDates';
import { AssignJuryDialog } from './AssignJuryDialog';
import { JuryBreadcrumbs } from './JuryBreadcrumbs';
import { parseTeamLeaderCount, parseTlsPerApp, progressPercent } from './juryStatistics';
import type { AssignJuryResult } from './types';
import { useJuryPreview } from './useJuryPreview';
import { useNotifyError } from './useNotifyError';

const teamLeaderCount = (n: number) => `${n} team leader${n === 1 ? '' : 's'}`;

const TEAM_LEADERS_LINK = { pathname: '/users', search: `?${new URLSearchParams({ filter: JSON.stringify({ role: 'Team-Leader' }) })}` };

/**
 * Jury assignment (docs/decisions.md, 'The jury assignment preview'): team leaders per application (TLsPerSVApp), the
 * number of team leaders (the users who hold the role now, unless the administrator plans with
 * another number), 'This will assign {n} apps per TL.', and the Assign button with its confirmation.
 */
export function JuryAssignmentsPage() {
  const [text, setText] = useState(String(DEFAULT_TLS_PER_APP));
  // Until the administrator types a number, the field follows the users who hold the role.
  const [teamLeadersText, setTeamLeadersText] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<AssignJuryResult | null>(null);
  const settings = useEditionSettings();
  const current = useAdminQuery((api) => api.juryStatistics(), `jury-statistics-${round}`);
  const input = parseTlsPerApp(text);
  const preview = useJuryPreview(input.value, round);
  useNotifyError(current.error);

  // A preview for an earlier number is not shown as if it were this one's.
  const shown = preview.data && preview.data.TLsPerApp === input.value ? preview.data : undefined;
  const fieldError = input.error ?? preview.error;
  const teamLeadersInput = parseTeamLeaderCount(teamLeadersText ?? String(shown?.teamLeaders ?? ''));
  // Another number than the users who hold the role gives the earlier portal's estimate; assigning still uses those users.
  const planned = shown && teamLeadersInput.value !== null && teamLeadersInput.value !== shown.teamLeaders ? teamLeadersInput.value : null;
  const appsPerTeamLeaderText =
    shown && planned !== null
      ? `This will assign ${estimatedAppsPerTeamLeader(shown.completed, planned, shown.TLsPerApp)} apps per TL.`
      : shown?.message;
  const afterDeadline = settings?.gates.afterJuryDeadline ?? false;
  const canAssign = Boolean(shown && !shown.problem && shown.applications > 0 && !preview.isPending && !fieldError && !afterDeadline);

  const facts: Detail[] = shown
    ? [
        [
          'Team leaders',
          <>
            <span data-testid="team-leader-count">{shown.teamLeaders}</span>{' '}
            <Link component={RouterLink} to={TEAM_LEADERS_LINK}>
              (users with the Team Leader role)
            </Link>
          </>,
        ],
        ['Applications to score', `${shown.applications} (of ${shown.completed} completed; team leaders' own are not scored)`],
        ['Scores given so far', shown.scores],
      ]
    : [];

  const overall = current.data?.overall;

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, maxWidth: 800 }}>
      <Title title="Jury Assignments" />
      <JuryBreadcrumbs current="Assignments" />
      <Typography component="h1" variant="h5">
        Jury Assignments
      </Typography>

      {settings && afterDeadline && (
        <Alert severity="warning">
          The jury deadline ({formatUtc(settings.timeline.juryDeadline)}) has passed; assignments can no longer change.
        </Alert>
      )}
      {settings && settings.gates.juryOpen && (
        <Alert severity="info">
          The jury is open until {formatUtc(settings.timeline.juryDeadline)}: team leaders may be scoring right now.
        </Alert>
      )}

      <Card variant="outlined">
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <TextField
            label="Team leaders per application"
            type="number"
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={Boolean(fieldError)}
            helperText={
              fieldError ?? `TLsPerSVApp: how many different team leaders score each application (default ${DEFAULT_TLS_PER_APP})`
            }
            slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
            sx={{ maxWidth: 440 }}
          />
          {shown && (
            <TextField
              label="Number of team leaders"
              type="number"
              value={teamLeadersText ?? String(shown.teamLeaders)}
              onChange={(e) => setTeamLeadersText(e.target.value)}
              error={Boolean(teamLeadersInput.error)}
              helperText={
                teamLeadersInput.error ??
                `Users with the Team Leader role now: ${shown.teamLeaders}. Another number shows what it would give.`
              }
              slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
              sx={{ maxWidth: 440 }}
            />
          )}
          {shown ? <Details items={facts} label="Jury pool" /> : !fieldError && <LinearProgress aria-label="Loading the preview" />}
          {shown && !fieldError && !teamLeadersInput.error && (
            <Box role="status" aria-live="polite">
              <Typography variant="h6" component="p" data-testid="apps-per-tl" sx={{ opacity: preview.isPending ? 0.6 : 1 }}>
                {appsPerTeamLeaderText}
              </Typography>
              {planned !== null && (
                <Typography variant="body2" color="text.secondary" data-testid="planned-team-leaders-note">
                  Worked out for {teamLeaderCount(planned)}: (completed applications − team leaders) × team leaders per application ÷ team
                  leaders, rounded down, and never more than the applications left to score.{' '}
                  {shown.teamLeaders === 1 ? 'There is' : 'There are'} {teamLeaderCount(shown.teamLeaders)} now, and Assign uses{' '}
                  {shown.teamLeaders === 1 ? 'that one' : 'them'}: {shown.message}
                </Typography>
              )}
              {planned === null && shown.maxAppsPerTeamLeader > shown.appsPerTeamLeader && (
                <Typography variant="body2" color="text.secondary">
                  Loads differ by at most one: some team leaders get {shown.maxAppsPerTeamLeader}.
                </Typography>
              )}
            </Box>
          )}
          {shown?.problem && !fieldError && <Alert severity="error">{shown.problem}</Alert>}
          {shown && shown.applications === 0 && <Alert severity="info">There are no completed applications to assign yet.</Alert>}
          <Box>
            <Button variant="contained" size="large" startIcon={<GavelIcon />} onClick={() => setConfirming(true)} disabled={!canAssign}>
              Assign
            </Button>
          </Box>
        </CardContent>
      </Card>

      {result && (
        <Alert severity="success" onClose={() => setResult(null)}>
          <AlertTitle>Assignment done</AlertTitle>
          {result.message}
          {result.sameSchool > 0 && ` ${result.sameSchool} pairs share a school; it could not be avoided.`}
        </Alert>
      )}

      <Card variant="outlined">
        <CardHeader title="Current assignments" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
        <CardContent sx={{ display: 'grid', gap: 1.5, pt: 0 }}>
          {current.error && <Alert severity="error">The current assignments could not be loaded.</Alert>}
          {overall ? (
            <>
              <Typography data-testid="current-assignments">
                {overall.assigned === 0
                  ? 'No applications are assigned yet.'
                  : `${overall.assigned} assignments of ${overall.applications} applications to ${overall.teamLeaders} team ` +
                    `leaders; ${overall.scored} scored (${progressPercent(overall.scored, overall.assigned)}%).`}
              </Typography>
              {overall.assigned > 0 && (
                <LinearProgress
                  variant="determinate"
                  value={progressPercent(overall.scored, overall.assigned)}
                  aria-label="Scored so far"
                  sx={{ height: 8, borderRadius: 1 }}
                />
              )}
            </>
          ) : (
            !current.error && <LinearProgress aria-label="Loading the current assignments" />
          )}
          <Box>
            <Button component={RouterLink} to="/jury/statistics" startIcon={<InsightsIcon />}>
              Jury statistics
            </Button>
          </Box>
        </CardContent>
      </Card>

      {shown && (
        <AssignJuryDialog
          open={confirming}
          onClose={() => setConfirming(false)}
          preview={shown}
          currentAssignments={overall?.assigned}
          onAssigned={(assigned) => {
            setResult(assigned);
            setRound((n) => n + 1);
          }}
        />
      )}
    </Box>
  );
}
