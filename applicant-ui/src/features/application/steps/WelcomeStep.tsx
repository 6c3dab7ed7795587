import type { PublicSettings } from '../../../api/types';
import { ChairWelcome } from '../ProgrammeTexts';

/** Tab 0: the chair's welcome with the eligibility note. */
export function WelcomeStep({ settings }: { settings: PublicSettings }) {
  return <ChairWelcome settings={settings} />;
}
