import { Box, Card, CardContent, CardHeader, Chip, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useGetList } from 'react-admin';
import { LastUpdated } from '../common/LastUpdated';
import { LoadingText } from '../common/LoadingText';
import { formatUtc } from '../common/utcDates';
import { useNotifyError } from '../jury/useNotifyError';
import { JobRunsTable } from './JobRunsTable';
import { JOB_STATE_LABELS } from './jobLabels';
import { RunJobButton } from './RunJobButton';
import type { JobRow } from './types';

function JobCard({ job, onRan }: { job: JobRow; onRan: () => void }) {
  const state = JOB_STATE_LABELS[job.state];
  const next = job.nextDueAt && job.nextDueAt !== job.dueAt ? job.nextDueAt : null;
  return (
    <Card variant="outlined" data-testid={`job-${job.name}`}>
      <CardHeader
        title={job.title}
        subheader={
          `${job.anchorLabel} · ${job.dueAt ? formatUtc(job.dueAt) : 'no date this edition'}` + (next ? ` · next ${formatUtc(next)}` : '')
        }
        action={<Chip label={state.label} color={state.color} size="small" />}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ display: 'grid', gap: 1.5, pt: 0 }}>
        <Typography variant="body2">{job.description}</Typography>
        <Typography variant="body2" color="text.secondary">
          Runs at the date it is set to; when the date moves, it runs again then, and nobody gets the same email twice.
        </Typography>
        <JobRunsTable runs={job.lastRuns} title={job.title} />
        <RunJobButton job={job} onRan={onRan} />
      </CardContent>
    </Card>
  );
}

/** The deadline jobs: when each runs, whether it ran and what it did, and "Run now" for those safe to repeat. */
export function JobsPage() {
  const { data, error, isPending, refetch } = useGetList<JobRow>('jobs', {
    pagination: { page: 1, perPage: 50 },
    sort: { field: 'id', order: 'ASC' },
  });
  const [loadedAt, setLoadedAt] = useState<Date | null>(null);
  useEffect(() => {
    if (data) setLoadedAt(new Date());
  }, [data]);
  useNotifyError(error ?? null);

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, minWidth: 0 }}>
      <Title title="Jobs" />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography component="h1" variant="h5">
          Deadline jobs{data?.[0] ? ` · edition ${data[0].edition}` : ''}
        </Typography>
        <LastUpdated at={loadedAt} onRefresh={() => void refetch()} refreshing={isPending} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        These jobs enforce the timeline in Settings and send the emails that go with it. Each runs once, on time; one whose time passed
        while the server was down runs at the next start. Changing a date in Settings reschedules them.
      </Typography>
      {isPending && !data ? <LoadingText>Loading jobs…</LoadingText> : null}
      {data?.map((job) => (
        <JobCard key={job.id} job={job} onRan={() => void refetch()} />
      ))}
    </Box>
  );
}
