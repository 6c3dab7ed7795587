import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import FlagIcon from '@mui/icons-material/Flag';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import {
  Box,
  Card,
  CardContent,
  CardHeader,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  type Theme,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useId, useMemo, useState } from 'react';
import { type AverageKind, type RankedApplication, formatAverage, rankApplications, rankShift } from '../juryStatistics';
import type { JuryStatistics } from '../types';
import type { ApplicantName } from '../useApplicationNames';
import { ApplicationLink } from './ApplicationLink';

const KIND_LABEL: Record<AverageKind, string> = { raw: 'Raw average', calibrated: 'Calibrated average' };

/** The place by the other average, with how far that is from this one's. */
function OtherPlace({ application, other }: { application: RankedApplication; other: AverageKind }) {
  const shift = rankShift(application);
  if (application.otherRank === null || shift === null) return <>—</>;
  const distance =
    shift === 0
      ? ', the same place'
      : `, ${Math.abs(shift)} ${Math.abs(shift) === 1 ? 'place' : 'places'} ${shift > 0 ? 'lower' : 'higher'}`;
  const label = `#${application.otherRank} by ${KIND_LABEL[other].toLowerCase()}${distance}`;
  return (
    <Box component="span" title={label} aria-label={label} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      {application.otherRank}
      {shift !== 0 && (
        <Box
          component="span"
          aria-hidden
          sx={{ display: 'inline-flex', alignItems: 'center', fontSize: '0.75rem', color: 'text.secondary' }}
        >
          {shift > 0 ? <ArrowDownwardIcon fontSize="inherit" /> : <ArrowUpwardIcon fontSize="inherit" />}
          {Math.abs(shift)}
        </Box>
      )}
    </Box>
  );
}

function Markers({ flagged, disputed }: { flagged: boolean; disputed: boolean }) {
  return (
    <>
      {flagged && <FlagIcon color="error" fontSize="small" titleAccess="Red flag" />}
      {disputed && <WarningAmberIcon color="warning" fontSize="small" titleAccess="Jurors disagree strongly" />}
    </>
  );
}

/**
 * Every application with its raw average (what the export ranks by) and its calibrated average
 * (each juror's scores standardised against that juror's own mean and spread), ranked by either.
 */
export function ApplicationRanking({ statistics, names }: { statistics: JuryStatistics; names: Map<number, ApplicantName> }) {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const toggleLabelId = useId();
  const [by, setBy] = useState<AverageKind>('raw');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const ranked = useMemo(() => rankApplications(statistics.applications, by), [statistics.applications, by]);
  const flagged = useMemo(() => new Set(statistics.redFlagged.map((f) => f.applicationId)), [statistics.redFlagged]);
  const disputed = useMemo(() => new Set(statistics.disagreements.map((d) => d.applicationId)), [statistics.disagreements]);
  const rows = ranked.slice(page * perPage, (page + 1) * perPage);
  const other: AverageKind = by === 'raw' ? 'calibrated' : 'raw';
  const tableLabel = `Ranking by ${KIND_LABEL[by].toLowerCase()}`;
  const emphasis = (kind: AverageKind) => ({ fontVariantNumeric: 'tabular-nums', fontWeight: by === kind ? 600 : undefined });

  return (
    <Card variant="outlined">
      <CardHeader
        title="Ranking"
        subheader="Applications by the average of their essay scores"
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ display: 'grid', gap: 2, pt: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Typography id={toggleLabelId} variant="body2">
            Rank by
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={by}
            onChange={(_, value: AverageKind | null) => {
              if (!value) return;
              setBy(value);
              setPage(0);
            }}
            aria-labelledby={toggleLabelId}
          >
            <ToggleButton value="raw">{KIND_LABEL.raw}</ToggleButton>
            <ToggleButton value="calibrated">{KIND_LABEL.calibrated}</ToggleButton>
          </ToggleButtonGroup>
        </Box>
        <Typography variant="body2" color="text.secondary">
          Raw: the mean of the jurors' essay means on the 1–5 scale, as the CSV export ranks. Calibrated: each juror's essay means
          standardised against that juror's own mean and spread, then averaged, so a harsh and a lenient juror count alike (0 is an average
          application for its jurors; +1 is one spread above).
        </Typography>
        {ranked.length === 0 ? (
          <Typography color="text.secondary">No applications are assigned yet.</Typography>
        ) : isSmall ? (
          <Box component="ol" aria-label={tableLabel} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {rows.map((application) => (
              <Box
                component="li"
                key={application.applicationId}
                data-testid={`ranking-${application.applicationId}`}
                sx={{
                  display: 'grid',
                  gridTemplateColumns: '2.5rem minmax(0, 1fr)',
                  gap: 1,
                  py: 1,
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              >
                <Typography sx={{ fontWeight: 600 }}>{application.rank ?? '—'}</Typography>
                <Box sx={{ display: 'grid', gap: 0.5 }}>
                  <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
                    <ApplicationLink applicationId={application.applicationId} names={names} />
                    <Markers flagged={flagged.has(application.applicationId)} disputed={disputed.has(application.applicationId)} />
                  </Box>
                  <Typography variant="body2">
                    Raw{' '}
                    <Box component="span" sx={emphasis('raw')}>
                      {formatAverage(application.rawAverage, 'raw')}
                    </Box>{' '}
                    · Calibrated{' '}
                    <Box component="span" sx={emphasis('calibrated')}>
                      {formatAverage(application.calibratedAverage, 'calibrated')}
                    </Box>
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {application.scored} of {application.assigned} scored · #{application.otherRank ?? '—'} by{' '}
                    {KIND_LABEL[other].toLowerCase()}
                  </Typography>
                </Box>
              </Box>
            ))}
          </Box>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={tableLabel}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 48 }}>#</TableCell>
                  <TableCell>Application</TableCell>
                  <TableCell align="right">Scored</TableCell>
                  <TableCell align="right" sx={emphasis('raw')}>
                    Raw average
                  </TableCell>
                  <TableCell align="right" sx={emphasis('calibrated')}>
                    Calibrated average
                  </TableCell>
                  <TableCell align="right">{by === 'raw' ? 'Calibrated #' : 'Raw #'}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((application) => (
                  <TableRow key={application.applicationId} data-testid={`ranking-${application.applicationId}`}>
                    <TableCell>{application.rank ?? '—'}</TableCell>
                    <TableCell>
                      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
                        <ApplicationLink applicationId={application.applicationId} names={names} />
                        <Markers flagged={flagged.has(application.applicationId)} disputed={disputed.has(application.applicationId)} />
                      </Box>
                    </TableCell>
                    <TableCell align="right">
                      {application.scored} / {application.assigned}
                    </TableCell>
                    <TableCell align="right" sx={emphasis('raw')}>
                      {formatAverage(application.rawAverage, 'raw')}
                    </TableCell>
                    <TableCell align="right" sx={emphasis('calibrated')}>
                      {formatAverage(application.calibratedAverage, 'calibrated')}
                    </TableCell>
                    <TableCell align="right">
                      <OtherPlace application={application} other={other} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {ranked.length > 0 && (
          <TablePagination
            component="div"
            count={ranked.length}
            page={page}
            onPageChange={(_, next) => setPage(next)}
            rowsPerPage={perPage}
            // On a phone the page size picker would push the arrows off the screen.
            rowsPerPageOptions={isSmall ? [] : [25, 50, 100]}
            onRowsPerPageChange={(e) => {
              setPerPage(Number(e.target.value));
              setPage(0);
            }}
          />
        )}
      </CardContent>
    </Card>
  );
}
