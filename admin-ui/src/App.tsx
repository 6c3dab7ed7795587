import SettingsIcon from '@mui/icons-material/Settings';
import { Admin, CustomRoutes, Layout, Menu, Resource, type LayoutProps } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { authProvider } from './authProvider';
import { Dashboard } from './Dashboard';
import { dataProvider } from './dataProvider';
import { SettingsShow } from './settings/SettingsShow';
import users from './users';

function AdminMenu() {
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.ResourceItem name="users" />
      <Menu.Item to="/settings" primaryText="Settings" leftIcon={<SettingsIcon />} />
    </Menu>
  );
}

const AdminLayout = (props: LayoutProps) => <Layout {...props} menu={AdminMenu} />;

/** The organisers' panel, served by the backend at /admin with clean paths. */
export function App() {
  return (
    <BrowserRouter basename="/admin">
      <Admin title="SV Portal" layout={AdminLayout} dashboard={Dashboard} authProvider={authProvider} dataProvider={dataProvider} requireAuth disableTelemetry>
        <Resource name="users" {...users} recordRepresentation={(u) => `${u.firstName} ${u.lastName}`} />
        <CustomRoutes>
          <Route path="/settings" element={<SettingsShow />} />
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}
