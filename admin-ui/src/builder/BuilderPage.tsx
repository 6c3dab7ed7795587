import { Alert, Box, Button, Card, CardContent, Divider, Typography } from '@mui/material';
import { ErrorCode, conferenceDays } from '@svp/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Title, useDataProvider, useGetList } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { LastUpdated } from '../common/LastUpdated';
import { LoadingText } from '../common/LoadingText';
import { useAdminQuery } from '../common/useAdminQuery';
import { useEditionSettings } from '../common/useEditionSettings';
import { formatUtc } from '../common/utcDates';
import { type AdminDataProvider, errorCode } from '../dataProvider';
import type { VenueRow } from '../schedule/types';
import { type BuildOutcome, BuildView } from './BuildView';
import { changeCounts } from './figures';
import { newSeed, scopeText } from './labels';
import { RecentBuilds } from './RecentBuilds';
import { ScopeForm } from './ScopeForm';
import { type ScopeDraft, buildRequest, draftOf } from './scope';
import type { BuildScope, ScheduleBuildRow } from './types';
import { useScheduleBuild } from './useScheduleBuild';

const RECENT_BUILDS = 10;

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'The server refused it.');

/**
 * The schedule builder: choose what to build, watch it build, look at the preview against the
 * current schedule, then apply it all at once or discard it; the latest applied build can be
 * undone. The build shown is in the address (?build=id), so a reload or a link keeps it.
 */
export function BuilderPage() {
  const api = useDataProvider<AdminDataProvider>();
  const settings = useEditionSettings();
  const days = useMemo(() => (settings ? conferenceDays(settings.conference) : []), [settings]);
  const venues = useAdminQuery((provider) => provider.listAll<VenueRow>('venues'), 'builder-venues');
  const venueName = useMemo(() => {
    const names = new Map(venues.data?.map((venue) => [venue.id, venue.name]));
    return (id: number) => names.get(id);
  }, [venues.data]);
  const describe = useCallback((scope: BuildScope) => scopeText(scope, venueName), [venueName]);

  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('build')) || null;
  const open = useCallback((id: number) => setParams({ build: String(id) }), [setParams]);
  const current = useScheduleBuild(openId);
  const build = current.build;

  const recent = useGetList<ScheduleBuildRow>('schedule-builds', {
    pagination: { page: 1, perPage: RECENT_BUILDS },
    sort: { field: 'id', order: 'DESC' },
    filter: {},
  });
  const builds = recent.data ?? [];
  const running = builds.find((b) => b.status === 'running') ?? null;
  const latestApplied =
    builds.filter((b) => b.status === 'applied').sort((a, b) => (b.appliedAt ?? '').localeCompare(a.appliedAt ?? ''))[0] ?? null;

  const [draft, setDraft] = useState<ScopeDraft | null>(null);
  const [starting, setStarting] = useState(false);
  const [refusal, setRefusal] = useState<{ buildRunning: boolean; message: string } | null>(null);
  const [outcome, setOutcome] = useState<BuildOutcome | null>(null);

  // The form starts with every day once the edition's days are known.
  useEffect(() => {
    if (days.length && !draft) setDraft({ days: [...days], venueIds: [], keep: 'all', seed: String(newSeed()) });
  }, [days, draft]);

  // The list follows the build shown as it changes (running → preview → applied…).
  const refetchRecent = recent.refetch;
  useEffect(() => {
    if (build) void refetchRecent();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the build's identity and status, not its object
  }, [build?.id, build?.status, refetchRecent]);

  useEffect(() => setOutcome(null), [openId]);

  const start = async (scopeDraft: ScopeDraft) => {
    setStarting(true);
    setRefusal(null);
    try {
      const { data } = await api.startScheduleBuild(buildRequest(scopeDraft, days));
      current.show(data);
      open(data.id);
    } catch (error) {
      // 409 BUILD_RUNNING: the list is read again to say whose build runs and to follow it.
      setRefusal({ buildRunning: errorCode(error) === ErrorCode.BuildRunning, message: messageOf(error) });
      void refetchRecent();
    } finally {
      setStarting(false);
    }
  };

  const act = async (action: 'apply' | 'discard' | 'undo') => {
    if (!build) return;
    setOutcome(null);
    try {
      const call = { apply: api.applyScheduleBuild, discard: api.discardScheduleBuild, undo: api.undoScheduleBuild }[action];
      const { data } = await call(build.id);
      current.show(data);
      if (action === 'apply') {
        const counts = changeCounts(build.preview?.changes ?? []);
        setOutcome({
          severity: 'success',
          message: `Build #${build.id} is applied: ${counts.added} assignments added and ${counts.removed} removed.`,
        });
      } else if (action === 'undo') {
        setOutcome({
          severity: 'success',
          message: `Build #${build.id} is undone: the assignments are back exactly as they were before it was applied.`,
        });
      } else setOutcome({ severity: 'info', message: `Build #${build.id} is discarded: nothing was written.` });
    } catch (error) {
      // The server says what happened and what to do (build again, change by hand); nothing was written.
      if (errorCode(error) === ErrorCode.ScheduleChanged) {
        setOutcome({
          severity: 'warning',
          message: `${messageOf(error)} ${action === 'undo' ? 'Nothing was changed.' : 'Nothing was written.'}`,
          buildAgain: action === 'apply',
        });
      } else setOutcome({ severity: 'error', message: messageOf(error) });
      // The build may have moved on meanwhile (applied elsewhere, no longer the latest): read it again.
      current.reload();
    } finally {
      void refetchRecent();
    }
  };

  const buildAgain = () => {
    if (!build) return;
    const again = draftOf(build.scope, days);
    setDraft(again);
    void start(again);
  };

  const busy = starting || build?.status === 'running';
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Schedule builder" />
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h6" component="h1">
          Schedule builder
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Fills the free places of the shifts chosen from the confirmed volunteers, never breaking a rule: availability, rest, most hours a
          day, overlaps, and what a shift requires. It aims to fill every slot, then to bring each person close to the hours expected of
          them, then to give people their preferred venues and days in one piece. Nothing is written until you apply a preview. One build
          runs at a time, on every server.
        </Typography>

        {!settings || !draft ? (
          <LoadingText>Loading the edition's days...</LoadingText>
        ) : (
          <ScopeForm
            draft={draft}
            onChange={setDraft}
            days={days}
            venues={venues.data ?? []}
            onBuild={() => void start(draft)}
            busy={busy}
          />
        )}

        {refusal &&
          (refusal.buildRunning ? (
            <Alert
              severity="warning"
              role="alert"
              action={
                running && (
                  <Button
                    color="inherit"
                    size="small"
                    onClick={() => {
                      setRefusal(null);
                      open(running.id);
                    }}
                  >
                    Follow it
                  </Button>
                )
              }
            >
              {running
                ? `Another build is running (started by ${running.createdBy.name}, ${formatUtc(running.createdAt)}). Only one runs ` +
                  `at a time: wait for it to finish, then build.`
                : refusal.message}
            </Alert>
          ) : (
            <Alert severity="error" role="alert">
              {refusal.message}
            </Alert>
          ))}
        {!refusal && running && running.id !== openId && (
          <Alert
            severity="info"
            action={
              <Button color="inherit" size="small" onClick={() => open(running.id)}>
                Follow it
              </Button>
            }
          >
            A build is running (started by {running.createdBy.name}, {formatUtc(running.createdAt)}).
          </Alert>
        )}

        {openId !== null && current.error && (
          <Alert
            severity="error"
            role="alert"
            action={
              <Button color="inherit" size="small" onClick={current.reload}>
                Try again
              </Button>
            }
          >
            {messageOf(current.error)}
          </Alert>
        )}
        {openId !== null && !build && !current.error && <LoadingText>Loading build #{openId}...</LoadingText>}
        {build && (
          <>
            <Divider />
            <BuildView
              build={build}
              scopeText={describe(build.scope)}
              undoable={build.status === 'applied' && latestApplied?.id === build.id}
              schedulesOut={Boolean(settings?.gates.schedulesOut)}
              outcome={outcome}
              onApply={() => act('apply')}
              onDiscard={() => act('discard')}
              onUndo={() => act('undo')}
              onBuildAgain={buildAgain}
            />
          </>
        )}

        <Divider />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="h6" component="h2">
            Recent builds
          </Typography>
          <RecentBuildsUpdated at={recent.dataUpdatedAt} refetch={refetchRecent} fetching={recent.isFetching} />
        </Box>
        {recent.isPending ? (
          <LoadingText>Loading the builds...</LoadingText>
        ) : recent.error ? (
          <Alert severity="error">{messageOf(recent.error)}</Alert>
        ) : (
          <RecentBuilds
            builds={builds}
            scopeText={(b) => describe(b.scope)}
            latestAppliedId={latestApplied?.id ?? null}
            openId={openId}
            onOpen={open}
          />
        )}
      </CardContent>
    </Card>
  );
}

function RecentBuildsUpdated({ at, refetch, fetching }: { at: number; refetch: () => unknown; fetching: boolean }) {
  return <LastUpdated at={at ? new Date(at) : null} onRefresh={() => void refetch()} refreshing={fetching} />;
}
