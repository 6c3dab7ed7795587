import TuneIcon from '@mui/icons-material/Tune';
import { lazyPage } from '../common/lazyPage';

// Each page's code is a chunk of its own, loaded when the page is first opened.
export const volunteerPreferences = {
  list: lazyPage(() => import('./VolunteerPreferenceList'), 'VolunteerPreferenceList'),
  icon: TuneIcon,
};
/** The availability of one volunteer, by user id (opened from the preferences and from the user's page). */
export const volunteerConstraints = { edit: lazyPage(() => import('./VolunteerAvailabilityEdit'), 'VolunteerAvailabilityEdit') };
