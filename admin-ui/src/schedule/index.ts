import EventIcon from '@mui/icons-material/Event';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import PlaceIcon from '@mui/icons-material/Place';
import { lazyPage } from '../common/lazyPage';

// Each page's code is a chunk of its own, loaded when the page is first opened (a form's create and edit share one).
const venueForm = () => import('./VenueForm');
const shiftForm = () => import('./ShiftForm');
const assignmentForm = () => import('./ShiftAssignmentForm');

export const venues = {
  list: lazyPage(() => import('./VenueList'), 'VenueList'),
  create: lazyPage(venueForm, 'VenueCreate'),
  edit: lazyPage(venueForm, 'VenueEdit'),
  icon: PlaceIcon,
};
export const shifts = {
  list: lazyPage(() => import('./ShiftList'), 'ShiftList'),
  create: lazyPage(shiftForm, 'ShiftCreate'),
  edit: lazyPage(shiftForm, 'ShiftEdit'),
  icon: EventIcon,
};
export const shiftAssignments = {
  list: lazyPage(() => import('./ShiftAssignmentList'), 'ShiftAssignmentList'),
  create: lazyPage(assignmentForm, 'ShiftAssignmentCreate'),
  edit: lazyPage(assignmentForm, 'ShiftAssignmentEdit'),
  icon: HowToRegIcon,
};

export const ShiftFillPage = lazyPage(() => import('./ShiftFillPage'), 'ShiftFillPage');
export const VolunteerHoursPage = lazyPage(() => import('./VolunteerHoursPage'), 'VolunteerHoursPage');
export const ScheduleImportPage = lazyPage(() => import('./ScheduleImportPage'), 'ScheduleImportPage');
