import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Box, Button, Chip, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import {
  PEOPLE_SORT_LABELS,
  PEOPLE_STATUS_LABELS,
  type PeopleSort,
  type PeopleStatus,
  type PersonFit,
  RULE_LABELS,
  type RuleName,
  arrangePeople,
  peopleCounts,
} from '@svp/domain';
import { useMemo, useState } from 'react';
import { formatHours } from '../builder/figures';
import { scrollX } from '../common/ScrollBox';
import { HiddenHeaderCell } from '../common/visuallyHidden';
import { exceptionText } from './exceptions';

const hoursNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
/** Rows drawn at first; the rest one click away (an edition holds a thousand people). */
const PAGE = 50;

/** The rule filter's 'every rule' choice (a select shows an empty value as nothing at all). */
const ANY_RULE = 'any';

/**
 * Every confirmed volunteer and team leader against one shift: on it (with its exception), fits, or the
 * first rule that keeps them off, searchable, filterable by standing and rule, sortable; each one who fits
 * one click from assigned, and each one kept off by a rule that may be set aside one reason away.
 */
export function ShiftPeople({
  people,
  free,
  ranked,
  busy,
  onAssign,
  onException,
}: {
  people: readonly PersonFit[];
  free: number;
  /** Those already offered in the ranked list above: not offered twice. */
  ranked: ReadonlySet<number>;
  busy: number | null;
  onAssign: (person: PersonFit) => void;
  onException: (person: PersonFit) => void;
}) {
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<PeopleStatus>('all');
  const [rule, setRule] = useState<RuleName | ''>('');
  const [sort, setSort] = useState<PeopleSort>('fit');
  const [shown, setShown] = useState(PAGE);
  const counts = useMemo(() => peopleCounts(people), [people]);
  const rows = useMemo(() => arrangePeople(people, { q, status, rule: rule || null, sort }), [people, q, status, rule, sort]);

  return (
    <Box component="section" aria-labelledby="shift-people" sx={{ mt: 3 }}>
      <Typography id="shift-people" variant="subtitle1" component="h3">
        Everyone, and why not
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {`${counts.on} on this shift · ${counts.fits} fit now`}
        {counts.byRule.map(([name, n]) => ` · ${RULE_LABELS[name]}: ${n}`).join('')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <TextField
          size="small"
          label="Search name or SV ID"
          value={q}
          fullWidth={false}
          sx={{ width: 220 }}
          onChange={(event) => {
            setQ(event.target.value);
            setShown(PAGE);
          }}
        />
        <TextField
          select
          size="small"
          label="Show"
          value={status}
          fullWidth={false}
          sx={{ width: 190 }}
          onChange={(event) => setStatus(event.target.value as PeopleStatus)}
        >
          {(Object.keys(PEOPLE_STATUS_LABELS) as PeopleStatus[]).map((value) => (
            <MenuItem key={value} value={value}>
              {PEOPLE_STATUS_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Rule"
          value={rule || ANY_RULE}
          fullWidth={false}
          sx={{ width: 230 }}
          onChange={(event) => setRule(event.target.value === ANY_RULE ? '' : (event.target.value as RuleName))}
        >
          <MenuItem value={ANY_RULE}>Any rule</MenuItem>
          {counts.byRule.map(([name, n]) => (
            <MenuItem key={name} value={name}>
              {`${RULE_LABELS[name]} (${n})`}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Sort by"
          value={sort}
          fullWidth={false}
          sx={{ width: 230 }}
          onChange={(event) => setSort(event.target.value as PeopleSort)}
        >
          {(Object.keys(PEOPLE_SORT_LABELS) as PeopleSort[]).map((value) => (
            <MenuItem key={value} value={value}>
              {PEOPLE_SORT_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {rows.length === 0 ? (
        <Typography>Nobody matches these choices.</Typography>
      ) : (
        <Box sx={scrollX}>
          <Table size="small" aria-label="Everyone, and why not">
            <TableHead>
              <TableRow>
                <TableCell>Person</TableCell>
                <TableCell align="right">Hours</TableCell>
                <TableCell>Venue</TableCell>
                <TableCell>Standing</TableCell>
                <HiddenHeaderCell>Action</HiddenHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.slice(0, shown).map((person) => (
                <TableRow key={person.volunteerId}>
                  <TableCell>
                    {person.name}
                    {person.teamLeader && <Chip size="small" label="TL" sx={{ ml: 1 }} />}
                    <Typography variant="caption" component="div" color="text.secondary">
                      SV ID {person.svid}
                    </Typography>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {hoursNumber.format(person.hours)} of {formatHours(person.expected)}
                  </TableCell>
                  <TableCell>{person.prefersVenue ? <Chip size="small" color="success" label="Preferred" /> : '—'}</TableCell>
                  <TableCell sx={{ minWidth: 240 }}>
                    <Standing person={person} />
                  </TableCell>
                  <TableCell>
                    {person.fits && free > 0 && ranked.has(person.volunteerId) && (
                      <Typography variant="body2" color="text.secondary">
                        Ranked above
                      </Typography>
                    )}
                    {person.fits && free > 0 && !ranked.has(person.volunteerId) && (
                      <Button
                        size="small"
                        variant="outlined"
                        startIcon={<PersonAddIcon />}
                        onClick={() => onAssign(person)}
                        disabled={busy !== null}
                        aria-label={`Assign ${person.name}`}
                      >
                        {busy === person.volunteerId ? 'Assigning...' : 'Assign'}
                      </Button>
                    )}
                    {person.exceptable && (
                      <Button
                        size="small"
                        onClick={() => onException(person)}
                        disabled={busy !== null}
                        aria-label={`Assign ${person.name} anyway, with a reason`}
                      >
                        Assign anyway…
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {rows.length > shown && (
        <Button sx={{ mt: 1 }} onClick={() => setShown((n) => n + PAGE * 4)}>
          {`Show more (${rows.length - shown} not shown)`}
        </Button>
      )}
    </Box>
  );
}

/** On this shift (and through which exception), fits, or the rule's words with its short name. */
function Standing({ person }: { person: PersonFit }) {
  if (person.onShift)
    return (
      <>
        <Chip size="small" color="primary" label="On this shift" />
        {person.exception && (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {exceptionText(person.exception)}
          </Typography>
        )}
      </>
    );
  if (person.fits) return <Chip size="small" color="success" label="Fits" />;
  return (
    <>
      {person.rule && <Chip size="small" variant="outlined" label={RULE_LABELS[person.rule]} />}
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {person.reason}
      </Typography>
    </>
  );
}
