import NextPlanIcon from '@mui/icons-material/NextPlan';
import { Button, Card, CardContent, Typography } from '@mui/material';
import { Link } from 'react-router-dom';

/** On the Settings page: the way to next year's edition. */
export function NextEditionCard() {
  return (
    <Card variant="outlined" sx={{ mt: 2, maxWidth: 720 }} component="section" aria-labelledby="next-edition-heading">
      <CardContent sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
        <Typography id="next-edition-heading" component="h2" variant="h6">
          Next year
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Starts the next edition on this portal with these settings a year later, which you check before starting. This edition then
          becomes read-only; accounts and profiles carry over.
        </Typography>
        <Button component={Link} to="/editions/new" variant="outlined" startIcon={<NextPlanIcon />}>
          Start the next edition
        </Button>
      </CardContent>
    </Card>
  );
}
