import { Card, CardContent, CardHeader, Link, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { Statistics } from '../dataProvider';
import { applicationsLink } from './applicationsLink';

/** Completed applications per processing status; each opens the list with that status. */
export function StatusCounts({ byStatus }: { byStatus: Statistics['by_status'] }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader
        title="By processing status"
        subheader="Completed applications"
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        {byStatus.length === 0 ? (
          <Typography color="text.secondary">No completed applications yet.</Typography>
        ) : (
          <Table size="small" aria-label="Completed applications by processing status">
            <TableBody>
              {byStatus.map((status) => (
                <TableRow key={String(status.id)}>
                  <TableCell component="th" scope="row">
                    <Link component={RouterLink} to={applicationsLink({ completed: true, statusId: status.id ?? 0 })}>
                      {status.label}
                    </Link>
                  </TableCell>
                  <TableCell align="right">{status.count}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
