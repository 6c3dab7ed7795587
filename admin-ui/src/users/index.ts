import PeopleIcon from '@mui/icons-material/People';
import { UserEdit } from './UserEdit';
import { UserList } from './UserList';

export default { list: UserList, edit: UserEdit, icon: PeopleIcon };
