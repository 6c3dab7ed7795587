import { Breadcrumbs, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

/** Dashboard › Jury › {page}: the breadcrumb of the jury's pages. */
export function JuryBreadcrumbs({ current }: { current: string }) {
  return (
    <Breadcrumbs aria-label="Breadcrumb">
      <Link component={RouterLink} to="/" underline="hover" color="inherit">
        Dashboard
      </Link>
      <Typography color="text.secondary">Jury</Typography>
      <Typography color="text.primary" aria-current="page">
        {current}
      </Typography>
    </Breadcrumbs>
  );
}
