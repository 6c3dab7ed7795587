import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { ShiftSwapList } from './ShiftSwapList';
import { ShiftSwapShow } from './ShiftSwapShow';

export default { list: ShiftSwapList, show: ShiftSwapShow, icon: SwapHorizIcon };
