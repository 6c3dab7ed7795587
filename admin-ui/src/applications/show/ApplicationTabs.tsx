import { Box, Tab, Tabs } from '@mui/material';
import { type ReactNode, useId, useState } from 'react';
import type { ApplicationRecord } from '../types';
import { ReferencesTab } from '../../references/ReferencesTab';
import { ConfirmationTab } from './ConfirmationTab';
import { EarlierEditionsTab } from './EarlierEditionsTab';
import { EssaysTab } from './EssaysTab';
import { FinancialAidTab } from './FinancialAidTab';
import { GeneralTab } from './GeneralTab';
import { TeamLeaderTab } from './TeamLeaderTab';

/** General, Essays and References always; Financial Aid and Team Leader only when applied for; Confirmation once there is one; Earlier
 * editions always. */
export function ApplicationTabs({ record }: { record: ApplicationRecord }) {
  const id = useId();
  const tabs: { label: string; content: ReactNode }[] = [
    { label: 'General', content: <GeneralTab record={record} /> },
    { label: 'Essays', content: <EssaysTab record={record} /> },
    ...(record.financialAid ? [{ label: 'Financial Aid', content: <FinancialAidTab record={record} /> }] : []),
    ...(record.teamLeader ? [{ label: 'Team Leader', content: <TeamLeaderTab record={record} /> }] : []),
    { label: 'References', content: <ReferencesTab applicationId={record.id} completed={record.completed} /> },
    ...(record.application.confirmation || record.application.declined_at
      ? [{ label: 'Confirmation', content: <ConfirmationTab record={record} /> }]
      : []),
    { label: 'Earlier editions', content: <EarlierEditionsTab record={record} /> },
  ];
  const [selected, setSelected] = useState(0);
  const current = Math.min(selected, tabs.length - 1);
  return (
    <>
      <Tabs
        value={current}
        onChange={(_, value: number) => setSelected(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Application sections"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((tab, i) => (
          <Tab key={tab.label} label={tab.label} id={`${id}-tab-${i}`} aria-controls={`${id}-panel-${i}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${id}-panel-${current}`} aria-labelledby={`${id}-tab-${current}`} sx={{ pt: 2 }}>
        {tabs[current]!.content}
      </Box>
    </>
  );
}
