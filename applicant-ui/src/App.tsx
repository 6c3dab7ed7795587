import { CacheProvider } from '@emotion/react';
import { Container, CssBaseline, ThemeProvider } from '@mui/material';
import { RouterProvider, createBrowserRouter, useRouteError } from 'react-router-dom';
import { PageErrorScreen } from './components/PageErrorBoundary';
import { AppRoutes } from './routes/AppRoutes';
import { ScrollToTop } from './routes/ScrollToTop';
import { AlertsProvider } from './state/AlertsContext';
import { type FirstSession, SessionProvider } from './state/SessionContext';
import { type FirstSettings, SettingsProvider, useSettings } from './state/SettingsContext';
import { createStyleCache } from './styleCache';
import { theme } from './theme';

function Pages() {
  return (
    <>
      <ScrollToTop />
      <AppRoutes />
    </>
  );
}

/** A failure outside any page (the shell itself): the same error screen, without the shell. */
function ShellFailed() {
  return (
    <Container>
      <PageErrorScreen error={useRouteError()} />
    </Container>
  );
}

// A data router around the route table, so the application form can hold back a navigation (useBlocker) while answers are unsaved.
const router = createBrowserRouter([{ path: '*', element: <Pages />, errorElement: <ShellFailed /> }]);

function WithAlerts({ firstSession }: { firstSession?: FirstSession | null }) {
  const { settings } = useSettings();
  return (
    <AlertsProvider contactEmail={settings.contactEmail}>
      <SessionProvider first={firstSession}>
        <RouterProvider router={router} />
      </SessionProvider>
    </AlertsProvider>
  );
}

/**
 * `firstSettings` and `firstSession`: the settings, and for a signed-in page the profile (and
 * application), main.tsx read before drawing the app (null when that failed: the app asks again).
 */
const styleCache = createStyleCache();

export function App({ firstSettings, firstSession }: { firstSettings?: FirstSettings | null; firstSession?: FirstSession | null }) {
  return (
    <CacheProvider value={styleCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SettingsProvider first={firstSettings}>
          <WithAlerts firstSession={firstSession} />
        </SettingsProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}
