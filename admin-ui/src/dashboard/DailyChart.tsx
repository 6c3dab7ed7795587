import { Box, Card, CardContent, CardHeader, Table, TableBody, TableCell, TableHead, TableRow, Typography, useTheme } from '@mui/material';
import { useId } from 'react';
import type { Statistics } from '../dataProvider';
import { dailySeries, niceMax } from './dailySeries';

const WIDTH = 640;
const HEIGHT = 240;
const MARGIN = { top: 12, right: 12, bottom: 28, left: 36 };
const dayLabel = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const labelOf = (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`));

/** Applications started and completed per day (UTC), as an SVG bar chart with the numbers as a table beside it. */
export function DailyChart({ perDay }: { perDay: Statistics['per_day'] }) {
  const theme = useTheme();
  const titleId = useId();
  const series = dailySeries(perDay);
  const colours = { started: theme.palette.primary.main, completed: theme.palette.success.main };
  const top = niceMax(Math.max(0, ...series.map((d) => Math.max(d.started, d.completed))));
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const slot = series.length ? plotWidth / series.length : plotWidth;
  const bar = Math.max(1, Math.min(24, slot * 0.38));
  // Whole numbers only: counts have no halves.
  const ticks = Number.isInteger(top / 2) ? [0, top / 2, top] : [0, top];
  const y = (value: number) => MARGIN.top + plotHeight - (value / top) * plotHeight;
  // Label the first, the last and a few days between, never crowding.
  const every = Math.max(1, Math.ceil(series.length / 6));
  const totals = series.reduce((sum, d) => ({ started: sum.started + d.started, completed: sum.completed + d.completed }), {
    started: 0,
    completed: 0,
  });

  return (
    <Card variant="outlined">
      <CardHeader
        title="Applications per day"
        subheader="Started and completed, by day (UTC)"
        slotProps={{ title: { id: titleId, component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        {series.length === 0 ? (
          <Typography color="text.secondary">No applications have been started yet.</Typography>
        ) : (
          <>
            <Box
              component="svg"
              viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
              role="img"
              aria-labelledby={titleId}
              aria-describedby={`${titleId}-desc`}
              sx={{ width: '100%', height: 'auto', display: 'block', fontFamily: theme.typography.fontFamily }}
            >
              <desc id={`${titleId}-desc`}>
                {`${totals.started} started and ${totals.completed} completed from ${labelOf(series[0]!.date)} ` +
                  `to ${labelOf(series.at(-1)!.date)}.`}
              </desc>
              {ticks.map((tick) => (
                <g key={tick}>
                  <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} stroke={theme.palette.divider} />
                  <text x={MARGIN.left - 6} y={y(tick) + 4} textAnchor="end" fontSize={11} fill={theme.palette.text.secondary}>
                    {tick}
                  </text>
                </g>
              ))}
              {series.map((day, i) => {
                const x = MARGIN.left + i * slot + slot / 2;
                return (
                  <g key={day.date}>
                    <rect x={x - bar} y={y(day.started)} width={bar} height={y(0) - y(day.started)} fill={colours.started}>
                      <title>{`${labelOf(day.date)}: ${day.started} started`}</title>
                    </rect>
                    <rect x={x} y={y(day.completed)} width={bar} height={y(0) - y(day.completed)} fill={colours.completed}>
                      <title>{`${labelOf(day.date)}: ${day.completed} completed`}</title>
                    </rect>
                    {(i % every === 0 || i === series.length - 1) && (
                      <text x={x} y={HEIGHT - 8} textAnchor="middle" fontSize={11} fill={theme.palette.text.secondary}>
                        {labelOf(day.date)}
                      </text>
                    )}
                  </g>
                );
              })}
            </Box>
            <Box sx={{ display: 'flex', gap: 3, mt: 1 }} aria-hidden>
              {(['started', 'completed'] as const).map((key) => (
                <Box key={key} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Box sx={{ width: 12, height: 12, bgcolor: colours[key], borderRadius: 0.5 }} />
                  <Typography variant="body2">{key === 'started' ? 'Started' : 'Completed'}</Typography>
                </Box>
              ))}
            </Box>
            <Box component="details" sx={{ mt: 1 }}>
              <Typography component="summary" variant="body2" sx={{ cursor: 'pointer' }}>
                Show the numbers
              </Typography>
              <Table size="small" aria-label="Applications per day">
                <TableHead>
                  <TableRow>
                    <TableCell>Day</TableCell>
                    <TableCell align="right">Started</TableCell>
                    <TableCell align="right">Completed</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {series
                    .filter((d) => d.started || d.completed)
                    .map((d) => (
                      <TableRow key={d.date}>
                        <TableCell>{d.date}</TableCell>
                        <TableCell align="right">{d.started}</TableCell>
                        <TableCell align="right">{d.completed}</TableCell>
                      </TableRow>
                    ))}
                </TableBody>
              </Table>
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}
