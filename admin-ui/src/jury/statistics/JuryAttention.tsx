import FlagIcon from '@mui/icons-material/Flag';
import { Box, Card, CardContent, CardHeader, Typography } from '@mui/material';
import { DISAGREEMENT_SPREAD } from '@svp/domain';
import type { ReactNode } from 'react';
import { essayLabel } from '../juryStatistics';
import type { JuryDisagreement, RedFlaggedApplication, TeamLeaderJuryStats } from '../types';
import type { ApplicantName } from '../useApplicationNames';
import { ApplicationLink } from './ApplicationLink';

function AttentionCard({
  title,
  subheader,
  label,
  empty,
  children,
}: {
  title: string;
  subheader: string;
  label: string;
  empty: string;
  children: ReactNode[];
}) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader title={title} subheader={subheader} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        {children.length === 0 ? (
          <Typography color="text.secondary">{empty}</Typography>
        ) : (
          <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: { md: 420 }, overflowY: { md: 'auto' } }}>
            {children}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

const itemSx = {
  py: 1,
  borderBottom: 1,
  borderColor: 'divider',
  display: 'flex',
  gap: 1.5,
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
} as const;

/** Applications at least one juror raised a red flag on, and who raised it. */
export function RedFlagList({
  redFlagged,
  teamLeaders,
  names,
}: {
  redFlagged: RedFlaggedApplication[];
  teamLeaders: TeamLeaderJuryStats[];
  names: Map<number, ApplicantName>;
}) {
  const leaderName = new Map(teamLeaders.map((t) => [t.id, t.name || t.email]));
  return (
    <AttentionCard
      title="Red flags"
      subheader={`${redFlagged.length} flagged by a juror`}
      label="Red-flagged applications"
      empty="No application has a red flag."
    >
      {redFlagged.map((flag) => (
        <Box component="li" key={flag.applicationId} sx={itemSx}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', minWidth: 0 }}>
            <FlagIcon color="error" fontSize="small" sx={{ mt: 0.25 }} aria-hidden />
            <ApplicationLink applicationId={flag.applicationId} names={names} />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: { sm: 'right' } }}>
            {flag.count === 1 ? '1 juror' : `${flag.count} jurors`}:{' '}
            {flag.teamLeaderIds.map((id) => leaderName.get(id) ?? `team leader ${id}`).join(', ')}
          </Typography>
        </Box>
      ))}
    </AttentionCard>
  );
}

/** Applications whose jurors lie far apart on an essay: worth a second reading. */
export function DisagreementList({ disagreements, names }: { disagreements: JuryDisagreement[]; names: Map<number, ApplicantName> }) {
  return (
    <AttentionCard
      title="Strong disagreements"
      subheader={`Jurors' scores on an essay lie ${DISAGREEMENT_SPREAD} or more apart`}
      label="Applications with strong disagreements"
      empty="The jurors broadly agree on every application."
    >
      {disagreements.map((d) => (
        <Box component="li" key={d.applicationId} sx={itemSx}>
          <ApplicationLink applicationId={d.applicationId} names={names} />
          <Box component="span" sx={{ display: 'flex', flexDirection: 'column', alignItems: { sm: 'flex-end' } }}>
            {d.essays.map((e) => (
              <Typography key={e.essay} variant="body2" color="text.secondary">
                {essayLabel(e.essay)}: {e.min} to {e.max} (spread {e.spread})
              </Typography>
            ))}
          </Box>
        </Box>
      ))}
    </AttentionCard>
  );
}
