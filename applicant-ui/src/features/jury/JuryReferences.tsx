import { Box, Typography } from '@mui/material';
import { REFERENCE_KNOWN_FOR, REFERENCE_RATING_KEYS, REFERENCE_RATING_LABELS, REFERENCE_RELATIONSHIPS } from '@svp/domain';
import type { JuryReference } from '../../api/types';

const labelOf = (options: readonly { value: string; label: string }[], value: string) =>
  options.find((o) => o.value === value)?.label ?? value;

function Fact({ label, children }: { label: string; children: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ minWidth: '8.5em' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 'bold' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * The received references of the application being scored, shown to the jury only when the
 * edition allows it: how the referee knows the applicant, the ratings and the statement as
 * written — never who the referee is (the server does not send it).
 */
export function JuryReferences({ references }: { references: readonly JuryReference[] }) {
  return (
    <Box component="section" aria-labelledby="jury-references-heading" sx={{ mb: 3 }}>
      <Typography variant="subtitle1" component="h3" id="jury-references-heading" sx={{ fontWeight: 'bold', mb: 1 }}>
        References
      </Typography>
      {references.length === 0 && <Typography color="text.secondary">No reference has been received for this application.</Typography>}
      {references.map((reference, i) => (
        <Box
          component="article"
          key={i}
          aria-labelledby={`jury-reference-${i}`}
          sx={{ mb: 2, p: { xs: 1.5, sm: 2 }, border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          <Typography variant="subtitle2" component="h4" id={`jury-reference-${i}`} sx={{ mb: 1 }}>
            Reference {i + 1}
          </Typography>
          <Box component="dl" sx={{ m: 0, mb: 1, display: 'grid', gap: 0.5 }}>
            <Fact label="Relationship">{labelOf(REFERENCE_RELATIONSHIPS, reference.relationship ?? '')}</Fact>
            <Fact label="Known for">{labelOf(REFERENCE_KNOWN_FOR, reference.knownFor ?? '')}</Fact>
            {REFERENCE_RATING_KEYS.map((key) => {
              const rating = reference.ratings?.[key];
              return (
                <Fact key={key} label={REFERENCE_RATING_LABELS[key]}>
                  {typeof rating === 'number' ? `${rating} of 5` : 'Cannot judge'}
                </Fact>
              );
            })}
            <Fact label="Average rating">{reference.averageRating === null ? 'None given' : reference.averageRating.toFixed(2)}</Fact>
          </Box>
          <Typography variant="body2" color="text.secondary">
            Statement
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{reference.statement}</Typography>
        </Box>
      ))}
    </Box>
  );
}
