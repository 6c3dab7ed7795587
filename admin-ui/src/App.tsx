import AlarmOnIcon from '@mui/icons-material/AlarmOn';
import AssessmentIcon from '@mui/icons-material/Assessment';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import GavelIcon from '@mui/icons-material/Gavel';
import InsightsIcon from '@mui/icons-material/Insights';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import ListAltIcon from '@mui/icons-material/ListAlt';
import LiveTvIcon from '@mui/icons-material/LiveTv';
import PieChartIcon from '@mui/icons-material/PieChart';
import PlaceIcon from '@mui/icons-material/Place';
import ScheduleIcon from '@mui/icons-material/Schedule';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import SettingsIcon from '@mui/icons-material/Settings';
import AutoDeleteIcon from '@mui/icons-material/AutoDelete';
import { Admin, AppBar, CustomRoutes, Layout, LoadingIndicator, Menu, Resource, type LayoutProps } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import applications, { ApplicationByUsername, ApplicationList } from './applications';
import audit from './audit';
import { authProvider } from './authProvider';
import { lazyPage } from './common/lazyPage';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider';
import { EditionBanner } from './editions/EditionBanner';
import { EditionChoiceProvider, EditionListProvider, useEditionChoice } from './editions/EditionContext';
import { EditionSwitcher } from './editions/EditionSwitcher';
import { LoginPage } from './LoginPage';
import messages from './messages';
import { volunteerConstraints, volunteerPreferences } from './preferences';
import { RetentionPage, erasures } from './privacy';
import shiftProposals from './proposals';
import { ScheduleImportPage, ShiftFillPage, VolunteerHoursPage, shiftAssignments, shifts, venues } from './schedule';
import { shiftLabel } from './schedule/labels';
import type { ShiftRow } from './schedule/types';
import shiftSwaps from './swaps';
import { adminTheme } from './theme';
import users from './users';

// The dashboard, the sign-in page and the panel's frame are in the first script; every other page is a chunk of its own,
// loaded when it is first opened (common/lazyPage.tsx), so the dashboard's first load carries only what it draws.
const SettingsEdit = lazyPage(() => import('./settings/SettingsEdit'), 'SettingsEdit');
const JobsPage = lazyPage(() => import('./jobs/JobsPage'), 'JobsPage');
const JuryAssignmentsPage = lazyPage(() => import('./jury/JuryAssignmentsPage'), 'JuryAssignmentsPage');
const JuryStatisticsPage = lazyPage(() => import('./jury/JuryStatisticsPage'), 'JuryStatisticsPage');
const BuilderPage = lazyPage(() => import('./builder/BuilderPage'), 'BuilderPage');
const LiveBoardPage = lazyPage(() => import('./records/LiveBoardPage'), 'LiveBoardPage');
const RosterPage = lazyPage(() => import('./rosters/RosterPage'), 'RosterPage');
const VolunteerReportPage = lazyPage(() => import('./records/VolunteerReportPage'), 'VolunteerReportPage');
const VenueReportPage = lazyPage(() => import('./records/VenueReportPage'), 'VenueReportPage');
const LogisticsPage = lazyPage(() => import('./records/LogisticsPage'), 'LogisticsPage');
const EditionCreate = lazyPage(() => import('./editions/EditionCreate'), 'EditionCreate');

function AdminMenu() {
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.ResourceItem name="applications" />
      <Menu.ResourceItem name="users" />
      <Menu.Item to="/jury/assignments" primaryText="Jury assignments" leftIcon={<GavelIcon />} />
      <Menu.Item to="/jury/statistics" primaryText="Jury statistics" leftIcon={<InsightsIcon />} />
      <Menu.ResourceItem name="venues" />
      <Menu.ResourceItem name="shifts" />
      <Menu.ResourceItem name="shift-assignments" />
      <Menu.ResourceItem name="shift-swaps" />
      <Menu.Item to="/schedule/builder" primaryText="Schedule builder" leftIcon={<AutoFixHighIcon />} />
      <Menu.ResourceItem name="shift-proposals" />
      <Menu.ResourceItem name="volunteer-preferences" />
      <Menu.Item to="/schedule/fill" primaryText="Shift fill" leftIcon={<PieChartIcon />} />
      <Menu.Item to="/schedule/hours" primaryText="Volunteer hours" leftIcon={<ScheduleIcon />} />
      <Menu.Item to="/schedule/import" primaryText="Import schedule" leftIcon={<UploadFileIcon />} />
      <Menu.Item to="/records/board" primaryText="Live board" leftIcon={<LiveTvIcon />} />
      <Menu.Item to="/records/rosters" primaryText="Rosters" leftIcon={<ListAltIcon />} />
      <Menu.Item to="/records/volunteers" primaryText="Volunteer report" leftIcon={<AssessmentIcon />} />
      <Menu.Item to="/records/venues" primaryText="Venue report" leftIcon={<PlaceIcon />} />
      <Menu.Item to="/records/logistics" primaryText="Logistics" leftIcon={<Inventory2Icon />} />
      <Menu.ResourceItem name="messages" />
      <Menu.Item to="/jobs" primaryText="Jobs" leftIcon={<AlarmOnIcon />} />
      <Menu.ResourceItem name="audit" />
      <Menu.Item to="/privacy/retention" primaryText="Data retention" leftIcon={<AutoDeleteIcon />} />
      <Menu.ResourceItem name="erasures" />
      <Menu.Item to="/settings" primaryText="Settings" leftIcon={<SettingsIcon />} />
    </Menu>
  );
}

const AdminAppBar = () => (
  <AppBar
    toolbar={
      <>
        <EditionSwitcher />
        <LoadingIndicator />
      </>
    }
  />
);

const AdminLayout = ({ children, ...props }: LayoutProps) => (
  <EditionListProvider>
    <Layout {...props} menu={AdminMenu} appBar={AdminAppBar}>
      <EditionBanner />
      {children}
    </Layout>
  </EditionListProvider>
);

/** The organisers' panel, served by the backend at /admin with clean paths. */
export function App() {
  return (
    <BrowserRouter basename="/admin">
      <EditionChoiceProvider>
        <AdminPanel />
      </EditionChoiceProvider>
    </BrowserRouter>
  );
}

function AdminPanel() {
  const { reading } = useEditionChoice();
  return (
    // Another edition is another panel: a fresh cache, so every page is read again for it, on the same address.
    <Admin
      key={reading?.id ?? 'current'}
      title="SV Portal"
      layout={AdminLayout}
      theme={adminTheme}
      dashboard={Dashboard}
      loginPage={LoginPage}
      authProvider={authProvider}
      dataProvider={dataProvider}
      requireAuth
      disableTelemetry
    >
      <Resource name="applications" {...applications} recordRepresentation={(a) => `${a.firstName} ${a.lastName}`} />
      <Resource name="users" {...users} recordRepresentation={(u) => `${u.firstName} ${u.lastName}`} />
      <Resource name="venues" {...venues} recordRepresentation="name" />
      <Resource name="shifts" {...shifts} recordRepresentation={(s: ShiftRow) => shiftLabel(s)} />
      <Resource
        name="shift-assignments"
        {...shiftAssignments}
        options={{ label: 'Shift assignments' }}
        recordRepresentation={(a) => `${a.volunteerName} (SV ID ${a.svid})`}
      />
      <Resource
        name="shift-swaps"
        {...shiftSwaps}
        options={{ label: 'Shift swaps' }}
        recordRepresentation={(swap) => `Swap request #${swap.id}`}
      />
      <Resource
        name="shift-proposals"
        {...shiftProposals}
        options={{ label: 'Shift proposals' }}
        recordRepresentation={(p) => `Proposal #${p.id}`}
      />
      <Resource
        name="volunteer-preferences"
        {...volunteerPreferences}
        options={{ label: 'Volunteer preferences' }}
        recordRepresentation="name"
      />
      <Resource name="volunteer-constraints" {...volunteerConstraints} options={{ label: 'Availability' }} />
      <Resource name="messages" {...messages} options={{ label: 'Messages' }} recordRepresentation="subject" />
      <Resource name="audit" {...audit} options={{ label: 'Audit log' }} />
      <Resource name="erasures" {...erasures} options={{ label: 'Erasures' }} />
      {/* Read and changed only from an application's References tab: no page, no menu entry. */}
      <Resource name="references" options={{ label: 'References' }} recordRepresentation={(r) => `${r.firstName} ${r.lastName}`} />
      <CustomRoutes>
        {/* The earlier portal's admin addresses (docs/product.md, "The admin panel's pages"), so links and bookmarks keep working. */}
        <Route path="/application/search" element={<ApplicationList view="byUser" />} />
        <Route path="/application/search-status" element={<ApplicationList view="byStatus" />} />
        <Route path="/application/:username" element={<ApplicationByUsername />} />
        <Route path="/settings" element={<SettingsEdit />} />
        <Route path="/jobs" element={<JobsPage />} />
        <Route path="/privacy/retention" element={<RetentionPage />} />
        <Route path="/jury/assignments" element={<JuryAssignmentsPage />} />
        <Route path="/jury/statistics" element={<JuryStatisticsPage />} />
        <Route path="/schedule/fill" element={<ShiftFillPage />} />
        <Route path="/schedule/hours" element={<VolunteerHoursPage />} />
        <Route path="/schedule/import" element={<ScheduleImportPage />} />
        <Route path="/schedule/builder" element={<BuilderPage />} />
        <Route path="/records/board" element={<LiveBoardPage />} />
        <Route path="/records/rosters" element={<RosterPage />} />
        <Route path="/records/volunteers" element={<VolunteerReportPage />} />
        <Route path="/records/venues" element={<VenueReportPage />} />
        <Route path="/records/logistics" element={<LogisticsPage />} />
        <Route path="/editions/new" element={<EditionCreate />} />
      </CustomRoutes>
    </Admin>
  );
}
