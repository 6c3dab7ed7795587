import MenuIcon from '@mui/icons-material/Menu';
import { Alert, Box, Button, Container, Drawer, IconButton, List, ListItemButton, ListItemText, Stack, useMediaQuery } from '@mui/material';
import { gates as gatesAt } from '@svp/domain';
import { type RefObject, startTransition, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, Outlet, useNavigate } from 'react-router-dom';
import { useAlerts } from '../state/AlertsContext';
import { useSession } from '../state/SessionContext';
import { useSettings } from '../state/SettingsContext';
import { navigationEntries } from './navigation';
import { OfflineBanner } from '../offline/OfflineBanner';
import { registerServiceWorker } from '../offline/serviceWorker';

/** Navigation bar, the two dismissible alerts, the routed page and the footer (docs/product.md, 'Signed-in pages'). */
export function AppShell() {
  const { settings, serverNow } = useSettings();
  const session = useSession();
  const { error, message, clearError, clearMessage } = useAlerts();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  // Below MUI's md breakpoint, where the bar shows only its menu button (read at the first drawing; false where the browser cannot say).
  const phone = useMediaQuery('(max-width: 899.95px)', { noSsr: true });
  const mainRef = useRef<HTMLElement>(null);
  // Gates on the server's clock at this render (each navigation re-renders), not as they were at load.
  // An account waiting for its emailed code has nothing to open but the code form: Logout only.
  const entries =
    session.isAuthenticated && session.isVerified
      ? navigationEntries({ session, gates: gatesAt(settings.timeline, new Date(serverNow())), statusLabels: settings.statusLabels })
      : [];

  // The week's screens are kept on the phone for people with a schedule; nobody else's first screen pays for it.
  const hasSchedule = session.isAuthenticated && session.isVerified && entries.some((entry) => entry.label === 'Schedule');
  useEffect(() => {
    if (hasSchedule) void registerServiceWorker();
  }, [hasSchedule]);

  // One update with the navigation (a transition): a protected page never sees the user gone and sends them to sign in.
  const logout = () =>
    startTransition(() => {
      session.logout({ endSession: true });
      void navigate('/');
    });

  return (
    // A column at least a screen high (the dynamic viewport where the browser knows it, so a phone's
    // address bar does not count), whose main part takes the room left: the footer sits at the bottom
    // of a short page, and below the content of a long one.
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', '@supports (min-height: 100dvh)': { minHeight: '100dvh' } }}>
      {/* The bar is plain elements styled by index.html's static rules (.svp-bar): MUI's AppBar, Toolbar and Typography did the
          same with style work on every page's first drawing. */}
      <header className="svp-bar">
        <nav className="svp-bar-row" aria-label="Main">
          <RouterLink className="svp-bar-title" to={session.isAuthenticated ? '/dashboard' : '/'}>
            {settings.conference.name} Student Volunteers
          </RouterLink>
          {session.isAuthenticated && (
            <>
              {/* On a phone only the menu: the bar's buttons, hidden there, are not drawn at all. */}
              {!phone && (
                <Stack direction="row" spacing={1} sx={{ display: { xs: 'none', md: 'flex' } }}>
                  {entries.map((entry) => (
                    <Button key={entry.to} color="inherit" component={RouterLink} to={entry.to}>
                      {entry.label}
                    </Button>
                  ))}
                  <Button color="inherit" onClick={logout}>
                    Logout
                  </Button>
                </Stack>
              )}
              <IconButton color="inherit" aria-label="Open menu" sx={{ display: { md: 'none' } }} onClick={() => setMenuOpen(true)}>
                <MenuIcon />
              </IconButton>
              <Drawer anchor="right" open={menuOpen} onClose={() => setMenuOpen(false)}>
                <List sx={{ width: 240 }} onClick={() => setMenuOpen(false)}>
                  {entries.map((entry) => (
                    <ListItemButton key={entry.to} component={RouterLink} to={entry.to}>
                      <ListItemText primary={entry.label} />
                    </ListItemButton>
                  ))}
                  <ListItemButton onClick={logout}>
                    <ListItemText primary="Logout" />
                  </ListItemButton>
                </List>
              </Drawer>
            </>
          )}
        </nav>
      </header>
      <Container component="main" ref={mainRef} maxWidth="lg" sx={{ py: 3, flex: '1 0 auto' }}>
        <OfflineBanner />
        <Stack spacing={1} sx={{ mb: error || message ? 2 : 0 }}>
          {error && (
            <Alert severity="error" onClose={clearError} role="alert" data-testid="danger-alert">
              {error}
            </Alert>
          )}
          {message && (
            <Alert severity="info" onClose={clearMessage} data-testid="primary-alert">
              {message}
            </Alert>
          )}
        </Stack>
        <Outlet />
      </Container>
      <Footer contactEmail={settings.contactEmail} page={mainRef} />
    </Box>
  );
}

/** How long the first page must keep its height before the footer shows. */
export const FOOTER_SETTLE_MS = 800;

/**
 * Whether the element has stopped growing since the app opened: its height unchanged for
 * FOOTER_SETTLE_MS. The footer sits at the bottom of the screen under a short page; while the first
 * page is still arriving (its code, then its data) it would be pushed down under the reader's eyes,
 * so it waits, hidden, until the page is still. Later pages follow a click: it stays shown.
 */
function useSettledHeight(ref: RefObject<HTMLElement | null>): boolean {
  const [settled, setSettled] = useState(typeof ResizeObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (settled || !element) return;
    // The observer reports the element's size as soon as it observes it (which starts the wait), then every change.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => setSettled(true), FOOTER_SETTLE_MS);
    });
    observer.observe(element);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [ref, settled]);
  return settled;
}

/**
 * The footer waits for the page above it (useSettledHeight); its own state, so revealing it redraws only the footer.
 * Plain elements styled by index.html's static rules (.svp-footer, .svp-link), not MUI's Box, Container, Stack and
 * Links: it is on every page's first drawing, and seven styled links cost a phone their style work at startup.
 */
function Footer({ contactEmail, page }: { contactEmail: string; page: RefObject<HTMLElement | null> }) {
  const hidden = !useSettledHeight(page);
  return (
    // Hidden, not left out: it keeps its room, so showing it moves nothing.
    <footer className="svp-footer" style={{ visibility: hidden ? 'hidden' : 'visible' }}>
      <div className="svp-footer-links">
        <a className="svp-link" href={`mailto:${contactEmail}`}>
          Contact us: {contactEmail}
        </a>
        <a className="svp-link" href="https://www.siggraph.org/about/privacy-policy/" target="_blank" rel="noopener noreferrer">
          Privacy Policy
        </a>
        <RouterLink className="svp-link" to="/privacy">
          Your data
        </RouterLink>
        <a className="svp-link" href="https://www.siggraph.org/about/policies/code-of-conduct/" target="_blank" rel="noopener noreferrer">
          Code of Conduct
        </a>
        <a className="svp-link" href="https://www.instagram.com/siggraph_sv/" target="_blank" rel="noopener noreferrer">
          Instagram
        </a>
        <a className="svp-link" href="https://www.facebook.com/groups/siggraphsv/" target="_blank" rel="noopener noreferrer">
          Facebook
        </a>
        <a className="svp-link" href="https://www.linkedin.com/company/siggraph/" target="_blank" rel="noopener noreferrer">
          LinkedIn
        </a>
      </div>
    </footer>
  );
}
