import { Alert, Box, CircularProgress } from '@mui/material';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { endpoints } from '../api/endpoints';
import type { PublicSettings } from '../api/types';

interface SettingsState {
  settings: PublicSettings;
  /** The server's clock, estimated from the offset measured when the settings arrived. */
  serverNow: () => number;
  refresh: () => Promise<void>;
}

const SettingsContext = createContext<SettingsState | null>(null);

/** Loads GET /api/settings once: every gate comes from the server's clock, never the browser's alone. */
export function SettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<PublicSettings | null>(null);
  const [offset, setOffset] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      const loaded = await endpoints.settings();
      setOffset(Date.parse(loaded.now) - Date.now());
      setSettings(loaded);
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

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
