import AssignmentIcon from '@mui/icons-material/Assignment';
import { lazyPage } from '../common/lazyPage';

export const ApplicationList = lazyPage(() => import('./ApplicationList'), 'ApplicationList');
export const ApplicationShow = lazyPage(() => import('./ApplicationShow'), 'ApplicationShow');
export const ApplicationByUsername = lazyPage(() => import('./ApplicationByUsername'), 'ApplicationByUsername');

// Each page's code is a chunk of its own, loaded when the page is first opened.
export default { list: ApplicationList, show: ApplicationShow, icon: AssignmentIcon };
