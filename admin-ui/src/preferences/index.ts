import TuneIcon from '@mui/icons-material/Tune';
import { VolunteerAvailabilityEdit } from './VolunteerAvailabilityEdit';
import { VolunteerPreferenceList } from './VolunteerPreferenceList';

export const volunteerPreferences = { list: VolunteerPreferenceList, icon: TuneIcon };
/** The availability of one volunteer, by user id (opened from the preferences and from the user's page). */
export const volunteerConstraints = { edit: VolunteerAvailabilityEdit };
