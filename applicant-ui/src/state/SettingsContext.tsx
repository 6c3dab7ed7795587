import { Alert, Box, CircularProgress } from '@mui/material';
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { endpoints } from '../api/endpoints';
import type { PublicSettings } from '../api/types';

interface SettingsState {
  settings: PublicSettings;
  /** The server's clock, estimated from the offset measured when the settings arrived. */
  serverNow: () => number;
  refresh: () => Promise<void>;
}

const SettingsContext = createContext<SettingsState | null>(null);

/** Settings read before the app was first drawn, with the server clock's offset measured then. */
export interface FirstSettings {
  settings: PublicSettings;
  offset: number;
}

/**
 * Reads the settings before the app is first drawn (main.tsx waits for it), so that its first
 * drawing is the page itself: index.html's loading indicator stays until then, and a phone draws
 * the app once instead of a spinner and then the page. Answers null on failure: SettingsProvider
 * then asks again and shows the failure.
 */
export async function loadSettingsFirst(): Promise<FirstSettings | null> {
  try {
    const settings = await endpoints.settings();
    return { settings, offset: Date.parse(settings.now) - Date.now() };
  } catch {
    return null;
  }
}

/** Loads GET /api/settings once (unless `first` brings them): every gate comes from the server's clock, never the browser's alone. */
export function SettingsProvider({ children, first }: { children: ReactNode; first?: FirstSettings | null }) {
  const [settings, setSettings] = useState<PublicSettings | null>(first?.settings ?? null);
  const [offset, setOffset] = useState(first?.offset ?? 0);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      const loaded = await endpoints.settings();
      const offsetNow = Date.parse(loaded.now) - Date.now();
      // The whole app draws from here: as a transition React draws it in slices, so a slow phone stays responsive.
      startTransition(() => {
        setOffset(offsetNow);
        setSettings(loaded);
        setError(null);
      });
    } catch (e) {
      setError((e as Error).message);
    }
  }, []);

  const [loadedFirst] = useState(!!first);
  useEffect(() => {
    if (!loadedFirst) void refresh();
  }, [loadedFirst, refresh]);

  const value = useMemo(() => (settings ? { settings, serverNow: () => Date.now() + offset, refresh } : null), [settings, offset, refresh]);
  if (error && !settings) {
    return (
      <Box sx={{ p: 4 }}>
        <Alert severity="error">The portal cannot be reached right now ({error}). Please try again in a minute.</Alert>
      </Box>
    );
  }
  if (!value) {
    return (
      <Box sx={{ p: 6, display: 'flex', justifyContent: 'center' }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  }
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

export function useSettings(): SettingsState {
  const state = useContext(SettingsContext);
  if (!state) throw new Error('useSettings needs a SettingsProvider');
  return state;
}
