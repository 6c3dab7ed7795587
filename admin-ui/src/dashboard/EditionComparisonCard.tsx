import {
  Alert,
  Box,
  Card,
  CardContent,
  CardHeader,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useTheme,
} from '@mui/material';
import type { ComparedDay, EditionFigures } from '@svp/domain';
import { useId } from 'react';
import { LoadingText } from '../common/LoadingText';
import { ScrollBox } from '../common/ScrollBox';
import { useAdminQuery } from '../common/useAdminQuery';
import { percent } from '../records/format';
import { niceMax } from './dailySeries';

const FIGURES: { label: string; value: (figures: EditionFigures) => string | number }[] = [
  { label: 'Applications started', value: (f) => f.started },
  { label: 'Applications completed', value: (f) => f.completed },
  { label: 'Completion', value: (f) => percent(f.completion) },
  { label: 'Places offered', value: (f) => f.offered },
  { label: 'Places confirmed', value: (f) => f.confirmed },
];

const WIDTH = 640;
const HEIGHT = 220;
const MARGIN = { top: 12, right: 12, bottom: 28, left: 36 };
const dayLabel = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
// 'MM-DD' of any year: 2000 has a 29 February.
const labelOf = (day: string) => dayLabel.format(new Date(`2000-${day}T00:00:00Z`));

type Series = 'started' | 'previousStarted' | 'completed' | 'previousCompleted';

/** Started and completed per day, this edition in full lines and the last one dashed, with the numbers in a table below. */
function ComparedDaysChart({ perDay, current, previous }: { perDay: ComparedDay[]; current: EditionFigures; previous: EditionFigures }) {
  const theme = useTheme();
  const titleId = useId();
  const series: { key: Series; label: string; colour: string; dashed: boolean }[] = [
    { key: 'started', label: `Started ${current.key}`, colour: theme.palette.primary.main, dashed: false },
    { key: 'previousStarted', label: `Started ${previous.key}`, colour: theme.palette.primary.main, dashed: true },
    { key: 'completed', label: `Completed ${current.key}`, colour: theme.palette.success.main, dashed: false },
    { key: 'previousCompleted', label: `Completed ${previous.key}`, colour: theme.palette.success.main, dashed: true },
  ];
  const top = niceMax(Math.max(0, ...perDay.flatMap((day) => series.map(({ key }) => day[key]))));
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (index: number) => MARGIN.left + (perDay.length > 1 ? (index / (perDay.length - 1)) * plotWidth : plotWidth / 2);
  const y = (value: number) => MARGIN.top + plotHeight - (value / top) * plotHeight;
  const every = Math.max(1, Math.ceil(perDay.length / 6));
  const total = (key: Series) => perDay.reduce((sum, day) => sum + day[key], 0);

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Per day, a year apart
      </Typography>
      <Box
        component="svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={`${titleId}-desc`}
        sx={{ width: '100%', height: 'auto', display: 'block' }}
      >
        <desc id={`${titleId}-desc`}>
          {`From ${labelOf(perDay[0]!.day)} ` +
            `to ${labelOf(perDay.at(-1)!.day)}: ${series.map(({ key, label }) => `${total(key)} ${label.toLowerCase()}`).join(', ')}.`}
        </desc>
        {[0, top].map((tick) => (
          <g key={tick}>
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} stroke={theme.palette.divider} />
            <text x={MARGIN.left - 6} y={y(tick) + 4} textAnchor="end" fontSize={11} fill={theme.palette.text.secondary}>
              {tick}
            </text>
          </g>
        ))}
        {series.map(({ key, colour, dashed }) => (
          <polyline
            key={key}
            points={perDay.map((day, index) => `${x(index)},${y(day[key])}`).join(' ')}
            fill="none"
            stroke={colour}
            strokeWidth={2}
            strokeDasharray={dashed ? '6 4' : undefined}
            opacity={dashed ? 0.7 : 1}
          />
        ))}
        {perDay.map((day, index) =>
          index % every === 0 || index === perDay.length - 1 ? (
            <text key={day.day} x={x(index)} y={HEIGHT - 8} textAnchor="middle" fontSize={11} fill={theme.palette.text.secondary}>
              {labelOf(day.day)}
            </text>
          ) : null,
        )}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, mt: 1 }} aria-hidden>
        {series.map(({ key, label, colour, dashed }) => (
          <Box key={key} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box sx={{ width: 18, borderTop: `2px ${dashed ? 'dashed' : 'solid'} ${colour}` }} />
            <Typography variant="body2">{label}</Typography>
          </Box>
        ))}
      </Box>
      <Box component="details" sx={{ mt: 1 }}>
        <Typography component="summary" variant="body2" sx={{ cursor: 'pointer' }}>
          Show the numbers per day
        </Typography>
        <ScrollBox label="Applications per day, a year apart: the numbers">
          <Table size="small" aria-label="Applications per day, a year apart">
            <TableHead>
              <TableRow>
                <TableCell>Day</TableCell>
                {series.map(({ key, label }) => (
                  <TableCell key={key} align="right">
                    {label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {perDay.map((day) => (
                <TableRow key={day.day}>
                  <TableCell component="th" scope="row">
                    {labelOf(day.day)}
                  </TableCell>
                  {series.map(({ key }) => (
                    <TableCell key={key} align="right">
                      {day[key]}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollBox>
      </Box>
    </Box>
  );
}

/** This edition's figures beside the last one's, and its applications per day against the same days a year before. */
export function EditionComparisonCard() {
  const comparison = useAdminQuery((api) => api.editionComparison(), 'edition-comparison');
  const data = comparison.data;
  return (
    <Card variant="outlined">
      <CardHeader
        title="Compared with last year"
        subheader={data?.previous ? `${data.current.name} and ${data.previous.name}` : undefined}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        {comparison.error ? (
          <Alert severity="error">{comparison.error.message}</Alert>
        ) : !data ? (
          <LoadingText>Loading the comparison...</LoadingText>
        ) : !data.previous ? (
          <Typography color="text.secondary">No earlier edition to compare with.</Typography>
        ) : (
          <>
            <Table size="small" aria-label={`${data.current.name} and ${data.previous.name}`}>
              <TableHead>
                <TableRow>
                  <TableCell>Figure</TableCell>
                  <TableCell align="right">{data.current.name}</TableCell>
                  <TableCell align="right">{data.previous.name}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {FIGURES.map(({ label, value }) => (
                  <TableRow key={label}>
                    <TableCell component="th" scope="row">
                      {label}
                    </TableCell>
                    <TableCell align="right">{value(data.current)}</TableCell>
                    <TableCell align="right">{value(data.previous!)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {data.perDay.length > 0 && <ComparedDaysChart perDay={data.perDay} current={data.current} previous={data.previous} />}
          </>
        )}
      </CardContent>
    </Card>
  );
}
