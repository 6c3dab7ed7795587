import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { SCHEDULE_PATHS } from '../../components/navigation';

export function BackToSchedule() {
  return (
    <Button variant="outlined" component={RouterLink} to={SCHEDULE_PATHS.volunteer}>
      Back to Schedule
    </Button>
  );
}
