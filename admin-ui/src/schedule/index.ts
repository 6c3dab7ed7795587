import EventIcon from '@mui/icons-material/Event';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import PlaceIcon from '@mui/icons-material/Place';
import { ShiftAssignmentCreate, ShiftAssignmentEdit } from './ShiftAssignmentForm';
import { ShiftAssignmentList } from './ShiftAssignmentList';
import { ShiftCreate, ShiftEdit } from './ShiftForm';
import { ShiftList } from './ShiftList';
import { VenueCreate, VenueEdit } from './VenueForm';
import { VenueList } from './VenueList';

export const venues = { list: VenueList, create: VenueCreate, edit: VenueEdit, icon: PlaceIcon };
export const shifts = { list: ShiftList, create: ShiftCreate, edit: ShiftEdit, icon: EventIcon };
export const shiftAssignments = { list: ShiftAssignmentList, create: ShiftAssignmentCreate, edit: ShiftAssignmentEdit, icon: HowToRegIcon };
