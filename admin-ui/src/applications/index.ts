import AssignmentIcon from '@mui/icons-material/Assignment';
import { ApplicationList } from './ApplicationList';
import { ApplicationShow } from './ApplicationShow';

export default { list: ApplicationList, show: ApplicationShow, icon: AssignmentIcon };
