import { Box, Typography } from '@mui/material';
import { countWords } from '@svp/domain';

/** One essay as written, line breaks kept, with its word count against the limit. */
export function EssayText({ title, text, limit }: { title: string; text: unknown; limit?: number }) {
  const value = typeof text === 'string' ? text : '';
  const words = countWords(value);
  return (
    <Box component="section" sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body2" color={limit && words > limit ? 'error' : 'text.secondary'}>
          {limit ? `${words} / ${limit} words` : `${words} words`}
        </Typography>
      </Box>
      {value ? (
        <Typography
          variant="body2"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', bgcolor: 'action.hover', p: 2, borderRadius: 1 }}
        >
          {value}
        </Typography>
      ) : (
        <Typography variant="body2" color="text.secondary">
          Not answered.
        </Typography>
      )}
    </Box>
  );
}
