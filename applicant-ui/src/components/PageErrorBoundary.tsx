import { Box, Button, Link, Stack, Typography } from '@mui/material';
import { Component, type ErrorInfo, type ReactNode, useEffect, useRef } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router-dom';
import { useSettings } from '../state/SettingsContext';

/** A page's code that could not be fetched: after a redeploy, the files an open page asks for are gone. */
export function isPageLoadFailure(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|module script failed|ChunkLoadError|Loading (CSS )?chunk|Unable to preload CSS/i.test(text);
}

/**
 * The routed page, or the error screen when it could not be loaded or failed while drawing; inside
 * the shell, so the menu still works, and gone again once the user goes to another address.
 */
export function RoutedPage() {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary pathname={pathname}>
      <Outlet />
    </PageErrorBoundary>
  );
}

interface BoundaryState {
  error: unknown;
  /** The address the error happened at: leaving it clears the error. */
  failedAt: string;
}

export class PageErrorBoundary extends Component<{ pathname: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, failedAt: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: BoundaryState): Partial<BoundaryState> | null {
    if (!state.error) return state.failedAt === props.pathname ? null : { failedAt: props.pathname };
    return state.failedAt === props.pathname ? null : { error: null, failedAt: props.pathname };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('The page failed', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <PageErrorScreen error={this.state.error} />;
    return this.props.children;
  }
}

/** What the user sees instead of a white page: what happened, a Reload button and a way to the dashboard. */
export function PageErrorScreen({ error }: { error: unknown }) {
  const { settings } = useSettings();
  const heading = useRef<HTMLHeadingElement>(null);
  // Screen readers and keyboards start at the explanation, not in a page that is gone.
  useEffect(() => heading.current?.focus(), []);
  const notLoaded = isPageLoadFailure(error);
  return (
    <Box sx={{ py: { xs: 3, sm: 6 } }}>
      <Typography variant="h4" component="h1" gutterBottom ref={heading} tabIndex={-1} sx={{ outline: 'none' }}>
        {notLoaded ? 'This page could not be loaded' : 'Something went wrong on this page'}
      </Typography>
      <Typography sx={{ mb: 1 }}>
        {notLoaded
          ? 'The portal may have been updated since you opened it. Reloading gets the latest version.'
          : 'Reloading the page usually puts it right.'}
      </Typography>
      <Typography sx={{ mb: 3 }}>
        Application answers you had not saved yet are kept in this browser tab and come back after the reload. If this keeps happening,
        email <Link href={`mailto:${settings.contactEmail}`}>{settings.contactEmail}</Link>.
      </Typography>
      <Stack direction="row" useFlexGap sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload
        </Button>
        <Link component={RouterLink} to="/dashboard">
          Go to the dashboard
        </Link>
      </Stack>
    </Box>
  );
}
