import { Box, Paper, Tab, Tabs, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { ReactNode, RefObject } from 'react';

/**
 * Tabs beside the open section (vertical on wide screens, a scrollable row on phones), with the
 * section's title as its heading. Used by the wizard and the read-only review.
 */
export function SectionTabs({
  idPrefix,
  labels,
  tab,
  onTab,
  headingRef,
  footer,
  children,
}: {
  idPrefix: string;
  labels: readonly string[];
  tab: number;
  onTab: (tab: number) => void;
  headingRef?: RefObject<HTMLHeadingElement | null>;
  footer: ReactNode;
  children: ReactNode;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  return (
    <Paper variant="outlined" sx={{ display: 'flex', flexDirection: phone ? 'column' : 'row', overflow: 'hidden' }}>
      <Tabs
        orientation={phone ? 'horizontal' : 'vertical'}
        // A scrollable row on phones; the eight tabs always fit in the column on wider screens.
        variant={phone ? 'scrollable' : 'standard'}
        scrollButtons={phone ? 'auto' : false}
        allowScrollButtonsMobile={phone}
        value={tab}
        onChange={(_event, value: number) => onTab(value)}
        aria-label="Application sections"
        sx={{
          flexShrink: 0,
          bgcolor: 'grey.50',
          ...(phone ? { borderBottom: 1 } : { borderRight: 1, width: 250 }),
          // After the border shorthand, which would reset the colour.
          borderColor: 'divider',
          '& .MuiTab-root': {
            alignItems: phone ? 'center' : 'flex-start',
            textAlign: phone ? 'center' : 'left',
            textTransform: 'none',
            fontSize: '0.95rem',
          },
        }}
      >
        {labels.map((label, index) => (
          <Tab key={label} label={label} id={`${idPrefix}-tab-${index}`} aria-controls={`${idPrefix}-tabpanel-${index}`} />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`${idPrefix}-tabpanel-${tab}`}
        aria-labelledby={`${idPrefix}-tab-${tab}`}
        sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}
      >
        <Typography variant="h2" ref={headingRef} tabIndex={-1} sx={{ mb: 2, outline: 'none' }}>
          {labels[tab]}
        </Typography>
        {children}
        {footer}
      </Box>
    </Paper>
  );
}
