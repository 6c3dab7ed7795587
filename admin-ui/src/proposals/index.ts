import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import { lazyPage } from '../common/lazyPage';

// The list's code is a chunk of its own, loaded when the page is first opened.
export default { list: lazyPage(() => import('./ShiftProposalList'), 'ShiftProposalList'), icon: PlaylistAddCheckIcon };
