import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControl,
  FormControlLabel,
  FormLabel,
  LinearProgress,
  Radio,
  RadioGroup,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { type ChangeEvent, useState } from 'react';
import { Title, useDataProvider, useNotify } from 'react-admin';
import type { AdminDataProvider } from '../dataProvider';
import { IMPORT_HEADERS, IMPORT_LABELS, importErrorRows, importSummary } from './scheduleImport';
import type { ImportKind, ImportResult } from './types';

const KIND_HELP: Record<ImportKind, string> = {
  shifts:
    'One shift per row. day is YYYY-MM-DD and start and end are HH:mm in Pacific time (an end earlier than start is the next ' +
    'day); venue is a venue name. report_to, description, special and swappable may be left out (swappable then means yes).',
  assignments:
    'One volunteer on one shift per row, found by venue name, day and start (Pacific time); svid names the volunteer. role is ' +
    'optional: fill it in where several shifts at one venue start at the same time. The note columns may be left out.',
};

interface Outcome {
  kind: ImportKind;
  csv: string;
  result: ImportResult;
}

/** Checks a CSV of shifts or assignments row by row (a dry run), then imports it all or nothing. */
export function ScheduleImportPage() {
  const api = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const [kind, setKind] = useState<ImportKind>('shifts');
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [running, setRunning] = useState<'check' | 'import' | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const checkedClean = outcome?.result.dryRun && outcome.result.errors.length === 0 && outcome.kind === kind && outcome.csv === csv;

  const run = async (dryRun: boolean) => {
    setRunning(dryRun ? 'check' : 'import');
    try {
      const { data } = await api.scheduleImport(kind, csv, dryRun);
      setOutcome({ kind, csv, result: data });
      if (!dryRun && data.errors.length === 0) notify(importSummary(kind, data), { type: 'success' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setRunning(null);
    }
  };

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setCsv(await file.text());
    setFileName(file.name);
    setOutcome(null);
  };

  const result = outcome?.result;
  const errorRows = result ? importErrorRows(result.errors) : [];

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Import schedule" />
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h6" component="h1">
          Import schedule
        </Typography>
        <FormControl>
          <FormLabel id="import-kind">What the file holds</FormLabel>
          <RadioGroup
            row
            aria-labelledby="import-kind"
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as ImportKind);
              setOutcome(null);
            }}
          >
            <FormControlLabel value="shifts" control={<Radio />} label="Shifts" />
            <FormControlLabel value="assignments" control={<Radio />} label="Assignments" />
          </RadioGroup>
        </FormControl>
        <Box>
          <Typography variant="subtitle2">Expected header</Typography>
          <Box component="code" sx={{ display: 'block', p: 1, bgcolor: 'action.hover', overflowWrap: 'anywhere', fontSize: '0.85rem' }}>
            {IMPORT_HEADERS[kind]}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {KIND_HELP[kind]}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Button variant="outlined" component="label" startIcon={<UploadFileIcon />} disabled={running !== null}>
            Choose CSV file
            <input hidden type="file" accept=".csv,text/csv" onChange={chooseFile} aria-label="CSV file" />
          </Button>
          <Typography variant="body2" color="text.secondary">
            {fileName ?? 'or paste the rows below'}
          </Typography>
        </Box>
        <TextField
          label="CSV text"
          multiline
          minRows={6}
          maxRows={16}
          value={csv}
          onChange={(e) => {
            setCsv(e.target.value);
            setFileName(null);
          }}
          placeholder={IMPORT_HEADERS[kind]}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          fullWidth
        />
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={() => run(true)} disabled={!csv.trim() || running !== null}>
            Check file
          </Button>
          <Button variant="contained" onClick={() => run(false)} disabled={!checkedClean || running !== null}>
            Import
          </Button>
        </Box>
        {!checkedClean && csv.trim() && !running && (
          <Typography variant="body2" color="text.secondary">
            Check the file first: Import is available once every row is valid. It saves all rows or none.
          </Typography>
        )}
        {running && (
          <Box role="status">
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              {running === 'check' ? 'Checking every row…' : `Importing ${IMPORT_LABELS[kind].many}…`}
            </Typography>
            <LinearProgress aria-label={running === 'check' ? 'Checking' : 'Importing'} />
          </Box>
        )}
        {result && outcome && !running && (
          <Alert severity={result.errors.length ? 'error' : 'success'} role="status">
            {importSummary(outcome.kind, result)}
          </Alert>
        )}
        {errorRows.length > 0 && !running && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Rows with problems">
              <TableHead>
                <TableRow>
                  <TableCell>Row</TableCell>
                  <TableCell>Field</TableCell>
                  <TableCell>Message</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {errorRows.map((row) => (
                  <TableRow key={row.key}>
                    <TableCell>{row.row}</TableCell>
                    <TableCell>{row.field || '—'}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
