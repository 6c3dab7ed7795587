import PersonOffIcon from '@mui/icons-material/PersonOff';
import { lazyPage } from '../common/lazyPage';

// Each page's code is a chunk of its own, loaded when the page is first opened.
const erasurePages = () => import('./erasures');

export const erasures = {
  list: lazyPage(erasurePages, 'ErasureList'),
  show: lazyPage(erasurePages, 'ErasureShow'),
  create: lazyPage(erasurePages, 'ErasureCreate'),
  icon: PersonOffIcon,
};
export const RetentionPage = lazyPage(() => import('./RetentionPage'), 'RetentionPage');
