import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useDataProvider, useNotify } from 'react-admin';
import { countsSummary, runNowBlocked } from './jobLabels';
import { runJob } from './jobsApi';
import type { JobRow } from './types';

/** "Run now" for a job that is safe to repeat: asks first, then tells how the run ended. */
export function RunJobButton({ job, onRan }: { job: JobRow; onRan: () => void }) {
  const api = useDataProvider();
  const notify = useNotify();
  const [asking, setAsking] = useState(false);
  const [running, setRunning] = useState(false);
  const blocked = runNowBlocked(job);

  const run = async () => {
    setAsking(false);
    setRunning(true);
    try {
      const result = await runJob(api, job.name);
      const summary = countsSummary(result.counts).join(', ');
      if (result.outcome === 'failed') notify(`${job.title}: ${result.message ?? 'the run failed'}`, { type: 'error' });
      else
        notify(
          `${job.title}: ${result.outcome === 'skipped' ? (result.message ?? 'nothing to do') : `done${summary ? ` (${summary})` : ''}`}.`,
          { type: 'success' },
        );
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setRunning(false);
      onRan();
    }
  };

  if (!job.manualRun) {
    return (
      <Typography variant="body2" color="text.secondary">
        {blocked}
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Button
        variant="outlined"
        size="small"
        startIcon={<PlayArrowIcon />}
        disabled={blocked !== null || running}
        onClick={() => setAsking(true)}
      >
        {running ? 'Running…' : 'Run now'}
      </Button>
      {blocked && (
        <Typography variant="body2" color="text.secondary">
          {blocked}
        </Typography>
      )}
      <Confirm
        isOpen={asking}
        title={`Run "${job.title}" now?`}
        content={
          'It runs its latest due date again: what it already did stays as it is, and nobody who got its email gets a second copy. ' +
          'The run is recorded in the audit log.'
        }
        confirm="Run now"
        onConfirm={run}
        onClose={() => setAsking(false)}
      />
    </Box>
  );
}
