import MailIcon from '@mui/icons-material/Mail';
import { lazyPage } from '../common/lazyPage';

// Each page's code is a chunk of its own, loaded when the page is first opened.
export default {
  list: lazyPage(() => import('./MessageList'), 'MessageList'),
  create: lazyPage(() => import('./MessageCreate'), 'MessageCreate'),
  show: lazyPage(() => import('./MessageShow'), 'MessageShow'),
  icon: MailIcon,
};
