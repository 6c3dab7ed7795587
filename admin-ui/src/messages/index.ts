import MailIcon from '@mui/icons-material/Mail';
import { MessageCreate } from './MessageCreate';
import { MessageList } from './MessageList';
import { MessageShow } from './MessageShow';

export default { list: MessageList, create: MessageCreate, show: MessageShow, icon: MailIcon };
