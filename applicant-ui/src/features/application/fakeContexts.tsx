import { createContext, useContext } from 'react';
import type { useSession } from '../../state/SessionContext';
import type { useSettings } from '../../state/SettingsContext';

// Test-only: the two context modules, replaced in tests by these (vi.mock), with values the test
// harness provides. Kept apart from the harness, which imports the shell that imports the mocked
// modules: a mock factory importing the harness would wait on itself.

export type Session = ReturnType<typeof useSession>;
export type Settings = ReturnType<typeof useSettings>;

export const FakeSessionContext = createContext<Session | null>(null);
export const FakeSettingsContext = createContext<Settings | null>(null);

export const fakeSessionModule = { useSession: () => useContext(FakeSessionContext)! };
export const fakeSettingsModule = { useSettings: () => useContext(FakeSettingsContext)! };
