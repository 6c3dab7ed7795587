import SaveIcon from '@mui/icons-material/Save';
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  MAX_RETENTION_DAYS,
  RETENTION_KINDS,
  RETENTION_KIND_TEXTS,
  type RetentionKind,
  type RetentionPeriods,
  type RetentionRow,
  retentionProblems,
} from '@svp/domain';
import { useEffect, useState } from 'react';
import { Title, useDataProvider, useGetList, useNotify } from 'react-admin';
import { CsvButton } from '../common/CsvButton';
import { LoadingText } from '../common/LoadingText';
import { formatUtc } from '../common/utcDates';
import { useNotifyError } from '../jury/useNotifyError';

export const RETENTION_STATE_LABELS: Readonly<
  Record<RetentionRow['state'], { label: string; color: 'default' | 'info' | 'warning' | 'success' | 'error' }>
> = {
  scheduled: { label: 'Scheduled', color: 'default' },
  due: { label: 'Due now', color: 'warning' },
  running: { label: 'Removing', color: 'info' },
  done: { label: 'Removed', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
};

/** The CSV of what one kind's removal would clear of an edition now, whose each record is and the values that go. */
export const retentionCsvUrl = (row: Pick<RetentionRow, 'editionId' | 'kind'>) =>
  `/api/admin/retention/${row.editionId}/${encodeURIComponent(row.kind)}/export.csv`;
export const retentionCsvName = (row: Pick<RetentionRow, 'editionKey' | 'kind'>) => `${row.editionKey}-${row.kind}-to-remove.csv`;

/** The current edition's periods, changed and saved here (PUT /api/admin/settings with `retention`). */
function RetentionSettings({ onSaved }: { onSaved: () => void }) {
  const api = useDataProvider();
  const notify = useNotify();
  const [saved, setSaved] = useState<RetentionPeriods | null>(null);
  const [days, setDays] = useState<Record<RetentionKind, string> | null>(null);
  const [errors, setErrors] = useState<Partial<Record<RetentionKind, string>>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    api.getOne('settings', { id: 'current' }).then(
      ({ data }) => {
        if (!live) return;
        const retention = (data as { retention: RetentionPeriods }).retention;
        setSaved(retention);
        setDays(Object.fromEntries(RETENTION_KINDS.map((kind) => [kind, String(retention[kind])])) as Record<RetentionKind, string>);
      },
      (error: Error) => notify(error.message, { type: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [api, notify]);

  if (!days || !saved) return <LoadingText>Loading the retention settings…</LoadingText>;

  const save = async () => {
    const retention = Object.fromEntries(
      RETENTION_KINDS.map((kind) => [kind, days[kind].trim() === '' ? NaN : Number(days[kind])]),
    ) as RetentionPeriods;
    const problems = retentionProblems(retention);
    setErrors(Object.fromEntries(problems.map((p) => [p.field, p.message])));
    if (problems.length) return;
    setSaving(true);
    try {
      await api.update('settings', { id: 'current', data: { retention }, previousData: { id: 'current', retention: saved } });
      setSaved(retention);
      notify('Retention periods saved.', { type: 'success' });
      onSaved();
    } catch (error) {
      const fields = (error as { body?: { errors?: Record<string, string> } }).body?.errors ?? {};
      setErrors(
        Object.fromEntries(
          Object.entries(fields).flatMap(([key, message]) => (key.startsWith('retention.') ? [[key.slice(10), message]] : [])),
        ),
      );
      notify((error as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card variant="outlined">
      <CardHeader
        title="How long this edition keeps sensitive data"
        subheader={`Days after the conference's last day (its midnight, in the conference's time zone), from 0 to ${MAX_RETENTION_DAYS}.`}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
        {RETENTION_KINDS.map((kind) => (
          <TextField
            key={kind}
            label={RETENTION_KIND_TEXTS[kind].title}
            type="number"
            value={days[kind]}
            onChange={(event) => setDays({ ...days, [kind]: event.target.value })}
            error={Boolean(errors[kind])}
            helperText={errors[kind] ?? RETENTION_KIND_TEXTS[kind].removes}
            slotProps={{ htmlInput: { min: 0, max: MAX_RETENTION_DAYS, step: 1 }, input: { endAdornment: 'days' } }}
          />
        ))}
        <Box>
          <Button variant="contained" startIcon={<SaveIcon />} onClick={() => void save()} disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * Personal data's retention (docs/decisions.md, 'How long personal data is kept'): the current
 * edition's periods, and for every edition what will be removed when, how much each kind still
 * holds, a download of exactly what a removal still to come will clear, and what each removal took
 * (each is in the audit log too).
 */
export function RetentionPage() {
  const { data, error, isPending, refetch } = useGetList<RetentionRow>('retention', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'dueAt', order: 'ASC' },
  });
  useNotifyError(error ?? null);

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, minWidth: 0 }}>
      <Title title="Data retention" />
      <Typography component="h1" variant="h5">
        Data retention
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Each kind of sensitive data is removed when its time comes, once, by the server (one whose time passed while the server was down is
        removed at the next start). What reports and the next selection need stays: hours, counts, ratings, years volunteered.
      </Typography>
      <RetentionSettings onSaved={() => void refetch()} />
      <Card variant="outlined">
        <CardHeader title="What will be removed when" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
        <CardContent>
          {isPending && !data ? <LoadingText>Loading…</LoadingText> : null}
          {data && (
            <TableContainer>
              <Table size="small" aria-label="What will be removed when">
                <TableHead>
                  <TableRow>
                    <TableCell>Edition</TableCell>
                    <TableCell>Kind</TableCell>
                    <TableCell>Removed on</TableCell>
                    <TableCell>State</TableCell>
                    <TableCell align="right">Held now</TableCell>
                    <TableCell align="right">Removed</TableCell>
                    <TableCell>What stays</TableCell>
                    <TableCell>Before it goes</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.map((row) => {
                    const state = RETENTION_STATE_LABELS[row.state];
                    return (
                      <TableRow key={row.id} data-testid={`retention-${row.id}`}>
                        <TableCell>{row.editionName}</TableCell>
                        <TableCell>
                          {row.title}
                          <Typography variant="body2" color="text.secondary">
                            {row.removes}
                          </Typography>
                        </TableCell>
                        <TableCell>
                          {formatUtc(row.dueAt)}
                          <Typography variant="body2" color="text.secondary">
                            {row.days} days after the edition ends
                          </Typography>
                        </TableCell>
                        <TableCell>
                          <Chip size="small" label={state.label} color={state.color} />
                          {row.state === 'failed' && row.message && (
                            <Typography variant="body2" color="error">
                              {row.message}
                            </Typography>
                          )}
                        </TableCell>
                        <TableCell align="right">{row.held}</TableCell>
                        <TableCell align="right">
                          {row.removed ?? '—'}
                          {row.removedAt && (
                            <Typography variant="body2" color="text.secondary">
                              {formatUtc(row.removedAt)}
                            </Typography>
                          )}
                        </TableCell>
                        <TableCell>
                          <Typography variant="body2">{row.keeps}</Typography>
                        </TableCell>
                        <TableCell>
                          {row.state !== 'done' && (
                            <CsvButton
                              url={retentionCsvUrl(row)}
                              fileName={retentionCsvName(row)}
                              label="Download what will be removed"
                              ariaLabel={`Download what will be removed: ${row.title}, ${row.editionName}`}
                            />
                          )}
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
