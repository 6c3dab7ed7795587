import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import { ShiftProposalList } from './ShiftProposalList';

export default { list: ShiftProposalList, icon: PlaylistAddCheckIcon };
