import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startLoading } from './routes/AppRoutes';
import { loadSettingsFirst } from './state/SettingsContext';

startLoading(window.location.pathname);

const root = createRoot(document.getElementById('root')!);
// Drawn once the settings are in (index.html shows a loading indicator until then), as a transition:
// React draws the page in slices, so a slow phone never freezes for the whole of it.
void loadSettingsFirst().then((firstSettings) =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <App firstSettings={firstSettings} />
      </StrictMode>,
    ),
  ),
);
