import { CssBaseline, ThemeProvider } from '@mui/material';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './routes/AppRoutes';
import { ScrollToTop } from './routes/ScrollToTop';
import { AlertsProvider } from './state/AlertsContext';
import { SessionProvider } from './state/SessionContext';
import { SettingsProvider, useSettings } from './state/SettingsContext';
import { theme } from './theme';

function WithAlerts() {
  const { settings } = useSettings();
  return (
    <AlertsProvider contactEmail={settings.contactEmail}>
      <SessionProvider>
        <BrowserRouter>
          <ScrollToTop />
          <AppRoutes />
        </BrowserRouter>
      </SessionProvider>
    </AlertsProvider>
  );
}

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SettingsProvider>
        <WithAlerts />
      </SettingsProvider>
    </ThemeProvider>
  );
}
