import PeopleIcon from '@mui/icons-material/People';
import { lazyPage } from '../common/lazyPage';

// Each page's code is a chunk of its own, loaded when the page is first opened.
export default {
  list: lazyPage(() => import('./UserList'), 'UserList'),
  edit: lazyPage(() => import('./UserEdit'), 'UserEdit'),
  icon: PeopleIcon,
};
