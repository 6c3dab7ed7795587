import { Link, List, ListItem, ListItemText } from '@mui/material';
import { useSettings } from '../../state/SettingsContext';
import { DashboardCard } from './DashboardLayout';

const CODE_OF_CONDUCT = 'https://www.siggraph.org/about/policies/code-of-conduct/';

/** Pages every applicant and volunteer may need; the edition's programme page holds the handbook and the FAQ. */
export function ResourceLinks() {
  const { settings } = useSettings();
  const programme = settings.programmeUrl;
  const items = [
    {
      href: programme,
      label: 'Student Volunteer handbook',
      detail: 'What the programme expects of you and what it offers',
      external: true,
    },
    { href: `${programme}#faq`, label: 'Frequently asked questions', detail: 'Eligibility, dates, travel and more', external: true },
    { href: CODE_OF_CONDUCT, label: 'Code of conduct', detail: 'How everyone at the conference treats each other', external: true },
    {
      href: `mailto:${settings.contactEmail}`,
      label: 'Contact the Student Volunteer team',
      detail: settings.contactEmail,
      external: false,
    },
  ];
  return (
    <DashboardCard title="Resources" data-testid="resource-links">
      <List dense disablePadding>
        {items.map((item) => (
          <ListItem key={item.href} disableGutters>
            <ListItemText
              primary={
                <Link href={item.href} {...(item.external ? { target: '_blank', rel: 'noopener' } : {})}>
                  {item.label}
                </Link>
              }
              secondary={item.detail}
              slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        ))}
      </List>
    </DashboardCard>
  );
}
