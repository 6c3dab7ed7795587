import GavelIcon from '@mui/icons-material/Gavel';
import InsightsIcon from '@mui/icons-material/Insights';
import SettingsIcon from '@mui/icons-material/Settings';
import { Admin, CustomRoutes, Layout, Menu, Resource, type LayoutProps } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import applications from './applications';
import audit from './audit';
import { authProvider } from './authProvider';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider';
import { JuryAssignmentsPage } from './jury/JuryAssignmentsPage';
import { JuryStatisticsPage } from './jury/JuryStatisticsPage';
import { LoginPage } from './LoginPage';
import { SettingsEdit } from './settings/SettingsEdit';
import users from './users';

function AdminMenu() {
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.ResourceItem name="applications" />
      <Menu.ResourceItem name="users" />
      <Menu.Item to="/jury/assignments" primaryText="Jury assignments" leftIcon={<GavelIcon />} />
      <Menu.Item to="/jury/statistics" primaryText="Jury statistics" leftIcon={<InsightsIcon />} />
      <Menu.ResourceItem name="audit" />
      <Menu.Item to="/settings" primaryText="Settings" leftIcon={<SettingsIcon />} />
    </Menu>
  );
}

const AdminLayout = (props: LayoutProps) => <Layout {...props} menu={AdminMenu} />;

/** The organisers' panel, served by the backend at /admin with clean paths. */
export function App() {
  return (
    <BrowserRouter basename="/admin">
      <Admin
        title="SV Portal"
        layout={AdminLayout}
        dashboard={Dashboard}
        loginPage={LoginPage}
        authProvider={authProvider}
        dataProvider={dataProvider}
        requireAuth
        disableTelemetry
      >
        <Resource name="applications" {...applications} recordRepresentation={(a) => `${a.firstName} ${a.lastName}`} />
        <Resource name="users" {...users} recordRepresentation={(u) => `${u.firstName} ${u.lastName}`} />
        <Resource name="audit" {...audit} options={{ label: 'Audit log' }} />
        <CustomRoutes>
          <Route path="/settings" element={<SettingsEdit />} />
          <Route path="/jury/assignments" element={<JuryAssignmentsPage />} />
          <Route path="/jury/statistics" element={<JuryStatisticsPage />} />
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}
