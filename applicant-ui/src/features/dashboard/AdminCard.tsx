import { Button, Typography } from '@mui/material';
import { DashboardCard } from './DashboardLayout';

/** For administrators: the way to the admin panel, a separate app served at /admin. */
export function AdminCard() {
  return (
    <DashboardCard
      title="Administration"
      wide
      actions={
        <Button variant="contained" color="secondary" href="/admin">
          Open the admin panel
        </Button>
      }
    >
      <Typography>Manage applications, statuses, users, the jury, schedules and the edition's settings.</Typography>
    </DashboardCard>
  );
}
