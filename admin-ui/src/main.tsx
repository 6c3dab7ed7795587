import { DASHBOARD_READS, startEarlyReads } from './common/earlyReads';

// The panel's first script, small and without react-admin: opening the dashboard (/admin/) starts its
// reads at once, then the panel is loaded. Its files are fetched meanwhile: the build names them as
// module preloads in index.html (vite.config.ts, preloadPanel).
if (window.location.pathname.replace(/\/+$/, '') === '/admin') startEarlyReads(DASHBOARD_READS);
void import('./panel');
