import { Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { applicationsLink } from './applicationsLink';

/** One headline count; it opens the applications it counts. */
export function CountCard({
  label,
  value,
  filter,
  testId,
}: {
  label: string;
  value: number;
  filter: Record<string, unknown>;
  testId: string;
}) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea component={Link} to={applicationsLink(filter)} sx={{ height: '100%' }} aria-label={`${label}: ${value}. Show them`}>
        <CardContent>
          <Typography variant="body2" color="text.secondary" component="p">
            {label}
          </Typography>
          <Typography variant="h4" component="p" data-testid={testId}>
            {value}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
