import { Box, Button, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import {
  PEOPLE_SORT_LABELS,
  PEOPLE_STATUS_LABELS,
  type PeopleSort,
  type PeopleStatus,
  RULE_LABELS,
  type RuleName,
  arrangePeople,
  peopleCounts,
} from '@svp/domain';
import { useMemo, useState } from 'react';
import type { ShiftCandidates } from '../../api/types';

type Person = ShiftCandidates['people'][number];

/** Drawn at first; the rest one tap away (an edition holds hundreds of people). */
const PAGE = 30;
/** The rule filter's 'every rule' choice (a select shows an empty value as nothing at all). */
const ANY_RULE = 'any';
/** Nobody on the shift is listed here: the shift's volunteers are the page above. */
const STATUSES: Exclude<PeopleStatus, 'on'>[] = ['all', 'fits', 'blocked'];

const hoursText = (hours: number) => String(Math.round(hours * 100) / 100);

/**
 * 'Who else, and why not' on a team leader's shift: every confirmed volunteer and team leader who is
 * not on the shift, with the first rule that keeps them off it or 'Fits', searchable, filterable and
 * sortable. Only the organisers can assign someone despite a rule; the list says so.
 */
export function WhyNotList({ people }: { people: readonly Person[] }) {
  const others = useMemo(() => people.filter((p) => !p.onShift), [people]);
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<Exclude<PeopleStatus, 'on'>>('all');
  const [rule, setRule] = useState<RuleName | ''>('');
  const [sort, setSort] = useState<PeopleSort>('fit');
  const [shown, setShown] = useState(PAGE);
  const counts = useMemo(() => peopleCounts(others), [others]);
  const rows = useMemo(() => arrangePeople(others, { q, status, rule: rule || null, sort }), [others, q, status, rule, sort]);

  return (
    <Box component="section" aria-labelledby="why-not-heading" sx={{ mt: 3 }}>
      <Typography variant="h6" component="h3" id="why-not-heading">
        Everyone else, and why not
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {`${counts.fits} fit now`}
        {counts.byRule.map(([name, n]) => ` · ${RULE_LABELS[name]}: ${n}`).join('')}. Only the organisers can assign someone despite a rule.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField size="small" label="Search name or SV ID" value={q} onChange={(event) => setQ(event.target.value)} />
        <TextField
          select
          size="small"
          label="Show"
          value={status}
          onChange={(event) => setStatus(event.target.value as Exclude<PeopleStatus, 'on'>)}
          sx={{ minWidth: 170 }}
        >
          {STATUSES.map((value) => (
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
          onChange={(event) => setRule(event.target.value === ANY_RULE ? '' : (event.target.value as RuleName))}
          sx={{ minWidth: 190 }}
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
          onChange={(event) => setSort(event.target.value as PeopleSort)}
          sx={{ minWidth: 170 }}
        >
          {(Object.keys(PEOPLE_SORT_LABELS) as PeopleSort[]).map((value) => (
            <MenuItem key={value} value={value}>
              {PEOPLE_SORT_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {rows.length === 0 ? (
        <Typography>Nobody matches these choices.</Typography>
      ) : (
        <Box component="ul" aria-label="Everyone else, and why not" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.slice(0, shown).map((person) => (
            <Box component="li" key={person.volunteerId} sx={{ py: 1.25, borderTop: 1, borderColor: 'divider' }}>
              <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {person.name}
                {person.teamLeader ? ' (Team Leader)' : ''}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                SV ID: {person.svid} · {hoursText(person.hours)} of {hoursText(person.expected)} hours
              </Typography>
              <Box sx={{ mt: 0.5, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                {person.fits ? (
                  <Chip size="small" color="success" label="Fits" />
                ) : (
                  <>
                    {person.rule && <Chip size="small" variant="outlined" label={RULE_LABELS[person.rule]} />}
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      {person.reason}
                    </Typography>
                  </>
                )}
              </Box>
            </Box>
          ))}
        </Box>
      )}
      {rows.length > shown && (
        <Button onClick={() => setShown((n) => n + PAGE * 4)} sx={{ mt: 1 }}>
          {`Show more (${rows.length - shown} not shown)`}
        </Button>
      )}
    </Box>
  );
}
