import HistoryIcon from '@mui/icons-material/History';
import { lazyPage } from '../common/lazyPage';

// Each page's code is a chunk of its own, loaded when the page is first opened.
export default {
  list: lazyPage(() => import('./AuditList'), 'AuditList'),
  show: lazyPage(() => import('./AuditShow'), 'AuditShow'),
  icon: HistoryIcon,
};
