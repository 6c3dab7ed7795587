import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startLoading } from './routes/AppRoutes';
import { loadSettingsFirst } from './state/SettingsContext';

const first = startLoading(window.location.pathname);

const root = createRoot(document.getElementById('root')!);
// Drawn once the settings, the opened page's code and, for a signed-in page, its first data are in
// (index.html shows a loading indicator until then), so that the first drawing is the page itself,
// once; as a transition: React draws the page in slices, so a slow phone never freezes for the whole of it.
void Promise.all([loadSettingsFirst(), first.session, first.code]).then(([firstSettings, firstSession]) =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <App firstSettings={firstSettings} firstSession={firstSession} />
      </StrictMode>,
    ),
  ),
);
