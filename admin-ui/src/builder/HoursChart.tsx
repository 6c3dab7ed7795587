import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Button, Collapse, Table, TableBody, TableCell, TableHead, TableRow, Typography, useTheme } from '@mui/material';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { formatHours } from './figures';
import { type ChartPerson, FAR_SHORT_HOURS, type HoursStanding, chartPeople, hoursAxis, personSummary } from './hoursChart';
import type { PersonHours } from './types';
import { ScrollBox } from '../common/ScrollBox';

const HEIGHT = 220;
/** Horizontal units per person; the drawing is stretched to the width, the vertical scale stays in pixels. */
const SLOT = 10;
const BAR = 8;

const STANDING_TEXT: Record<HoursStanding, string> = {
  farShort: `More than ${FAR_SHORT_HOURS} h short`,
  short: 'Short',
  met: 'At or above expectation',
};

const signed = (hours: number) => (hours > 0 ? `+${formatHours(hours)}` : formatHours(hours));

/**
 * Each volunteer's hours against what is expected of them, before and after the build: one bar per
 * person (after), a dark mark (before), most short first. Drawn in plain SVG: the chart is a few
 * rectangles, not worth a charting library. A table with the same numbers opens below it.
 */
export function HoursChart({ people }: { people: readonly PersonHours[] }) {
  const theme = useTheme();
  const titleId = useId();
  const [tableOpen, setTableOpen] = useState(false);
  const rows = useMemo(() => chartPeople(people), [people]);
  const axis = useMemo(() => hoursAxis(rows), [rows]);
  if (rows.length === 0) return <Typography>No volunteer is in this build.</Typography>;

  const colour: Record<HoursStanding, string> = {
    farShort: theme.palette.error.main,
    short: theme.palette.warning.main,
    met: theme.palette.success.main,
  };
  const y = (hours: number) => ((axis.high - hours) / (axis.high - axis.low)) * HEIGHT;
  const width = rows.length * SLOT;
  const farShortAfter = rows.filter((p) => p.standing === 'farShort').length;
  const farShortBefore = rows.filter((p) => p.before < -FAR_SHORT_HOURS).length;
  const summary =
    `Hours against expectation of ${rows.length} volunteers, most short first. After the ` +
    `build ${farShortAfter} ${farShortAfter === 1 ? 'is' : 'are'} more than ${FAR_SHORT_HOURS} h short (${farShortBefore} before).`;

  return (
    <Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1 }}>
        <Box aria-hidden sx={{ position: 'relative', width: 44, height: HEIGHT }}>
          {axis.ticks.map((tick) => (
            <Typography
              key={tick}
              variant="caption"
              color="text.secondary"
              sx={{ position: 'absolute', right: 0, top: y(tick) - 9, lineHeight: '18px' }}
            >
              {tick > 0 ? `+${tick}` : tick} h
            </Typography>
          ))}
        </Box>
        <Box
          component="svg"
          role="img"
          aria-labelledby={titleId}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          preserveAspectRatio="none"
          sx={{ width: '100%', height: HEIGHT, display: 'block', bgcolor: 'grey.50', border: 1, borderColor: 'divider' }}
        >
          <title id={titleId}>{summary}</title>
          {axis.ticks.map((tick) => (
            <line key={tick} x1={0} x2={width} y1={y(tick)} y2={y(tick)} stroke={theme.palette.divider} vectorEffect="non-scaling-stroke" />
          ))}
          <line x1={0} x2={width} y1={y(0)} y2={y(0)} stroke={theme.palette.text.primary} vectorEffect="non-scaling-stroke" />
          <line
            x1={0}
            x2={width}
            y1={y(-FAR_SHORT_HOURS)}
            y2={y(-FAR_SHORT_HOURS)}
            stroke={theme.palette.error.main}
            strokeDasharray="4 4"
            vectorEffect="non-scaling-stroke"
          />
          {rows.map((person, index) => (
            <PersonBar
              key={person.volunteerId}
              person={person}
              x={index * SLOT}
              y={y}
              fill={colour[person.standing]}
              mark={theme.palette.text.primary}
            />
          ))}
        </Box>
        <span />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="caption" color="text.secondary">
            Most short
          </Typography>
          <Typography variant="caption" color="text.secondary">
            Most over
          </Typography>
        </Box>
      </Box>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, my: 1 }} aria-label="Legend">
        {(Object.keys(STANDING_TEXT) as HoursStanding[]).map((standing) => (
          <Legend
            key={standing}
            swatch={<Box component="span" sx={{ width: 12, height: 12, bgcolor: colour[standing], display: 'inline-block' }} />}
          >
            After the build: {STANDING_TEXT[standing].toLowerCase()}
          </Legend>
        ))}
        <Legend swatch={<Box component="span" sx={{ width: 12, height: 3, bgcolor: 'text.primary', display: 'inline-block' }} />}>
          Before the build
        </Legend>
        <Legend
          swatch={
            <Box
              component="span"
              sx={{ width: 12, borderTop: 2, borderColor: 'error.main', borderTopStyle: 'dashed', display: 'inline-block' }}
            />
          }
        >
          {FAR_SHORT_HOURS} h short
        </Legend>
      </Box>
      <Button
        size="small"
        onClick={() => setTableOpen((open) => !open)}
        aria-expanded={tableOpen}
        startIcon={tableOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
      >
        {tableOpen ? 'Hide the hours of each volunteer' : 'Show the hours of each volunteer'}
      </Button>
      <Collapse in={tableOpen} unmountOnExit>
        <HoursTable rows={rows} />
      </Collapse>
    </Box>
  );
}

function PersonBar({
  person,
  x,
  y,
  fill,
  mark,
}: {
  person: ChartPerson;
  x: number;
  y: (hours: number) => number;
  fill: string;
  mark: string;
}) {
  // An on-target person still gets a sliver, so every person shows.
  const top = Math.min(y(Math.max(person.after, 0)), y(0) - 1);
  const bottom = Math.max(y(Math.min(person.after, 0)), y(0) + 1);
  return (
    <g>
      <title>{personSummary(person)}</title>
      <rect x={x + (SLOT - BAR) / 2} width={BAR} y={top} height={bottom - top} fill={fill} />
      <rect x={x} width={SLOT} y={y(person.before) - 1.5} height={3} fill={mark} />
    </g>
  );
}

function Legend({ swatch, children }: { swatch: ReactNode; children: ReactNode }) {
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
      {swatch}
      <Typography variant="caption">{children}</Typography>
    </Box>
  );
}

function HoursTable({ rows }: { rows: ChartPerson[] }) {
  return (
    <ScrollBox label="Hours of each volunteer">
      <Table size="small" aria-label="Hours of each volunteer">
        <TableHead>
          <TableRow>
            <TableCell>Volunteer</TableCell>
            <TableCell align="right">Expected</TableCell>
            <TableCell align="right">Before the build</TableCell>
            <TableCell align="right">After the build</TableCell>
            <TableCell align="right">Against expected</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((person) => (
            <TableRow key={person.volunteerId}>
              <TableCell>
                {person.name}
                {person.teamLeader ? ' (TL)' : ''}
                <Typography variant="caption" component="div" color="text.secondary">
                  SV ID {person.svid}
                </Typography>
              </TableCell>
              <TableCell align="right">{formatHours(person.expected)}</TableCell>
              <TableCell align="right">{formatHours(person.hoursBefore)}</TableCell>
              <TableCell align="right">{formatHours(person.hoursAfter)}</TableCell>
              <TableCell align="right">{signed(person.after)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollBox>
  );
}
