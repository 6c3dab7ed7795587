import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { lazyPage } from '../common/lazyPage';

// Each page's code is a chunk of its own, loaded when the page is first opened.
export default {
  list: lazyPage(() => import('./ShiftSwapList'), 'ShiftSwapList'),
  show: lazyPage(() => import('./ShiftSwapShow'), 'ShiftSwapShow'),
  icon: SwapHorizIcon,
};
