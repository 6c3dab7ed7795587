import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startLoading } from './routes/AppRoutes';
import { loadSettingsFirst } from './state/SettingsContext';

const pageCode = startLoading(window.location.pathname);

const root = createRoot(document.getElementById('root')!);
// Drawn once the settings and the opened page's code are in (index.html shows a loading indicator
// until then), so that the first drawing is the page itself; as a transition: React draws the page in
// slices, so a slow phone never freezes for the whole of it.
void Promise.all([loadSettingsFirst(), pageCode]).then(([firstSettings]) =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <App firstSettings={firstSettings} />
      </StrictMode>,
    ),
  ),
);
