import { gates as gatesAt } from '@svp/domain';
import { Navigate } from 'react-router-dom';
import { SCHEDULE_HOME_PATH, schedulePath } from '../components/navigation';
import { useSession } from '../state/SessionContext';
import { useSettings } from '../state/SettingsContext';

/** SCHEDULE_HOME_PATH (the installed app's start address): the user's own schedule, or the dashboard when they have none. */
export function ScheduleHome() {
  const session = useSession();
  const { settings, serverNow } = useSettings();
  const to =
    schedulePath({ session, gates: gatesAt(settings.timeline, new Date(serverNow())), statusLabels: settings.statusLabels }) ??
    '/dashboard';
  return <Navigate to={to} replace />;
}

export { SCHEDULE_HOME_PATH };
