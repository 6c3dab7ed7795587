import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { Box, IconButton, Paper, Typography, useMediaQuery, useTheme } from '@mui/material';
import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';

/**
 * Tabs beside the open section (a column on wide screens, a row that scrolls sideways on phones),
 * with the section's title as its heading. Used by the wizard and the read-only review.
 *
 * Plain buttons in a tablist rather than MUI's Tabs: those measure the page as they mount (the
 * indicator, the scrollbar) and draw the form a second time, which on a slow phone froze the wizard's
 * first screen for a tenth of a second (docs/decisions.md, 'Serving the UIs fast on a phone'). The keyboard
 * works as in WAI-ARIA's tabs pattern: the arrow keys, Home and End move between tabs, Enter or Space
 * opens one, and Tab leaves the list from the open one.
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
  const listRef = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]') ?? []);
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const [back, forward] = phone ? ['ArrowLeft', 'ArrowRight'] : ['ArrowUp', 'ArrowDown'];
    // Round the ends: forward from the last tab is the first.
    const targets: Record<string, number> = { [forward]: at + 1, [back]: at - 1 + all.length, Home: 0, End: all.length - 1 };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    all[target % all.length].focus();
  };

  const list = (
    <Box
      ref={listRef}
      role="tablist"
      aria-label="Application sections"
      aria-orientation={phone ? 'horizontal' : 'vertical'}
      onKeyDown={onKeyDown}
      sx={{
        display: 'flex',
        flexDirection: phone ? 'row' : 'column',
        position: 'relative',
        flexGrow: 1,
        minWidth: 0,
        ...(phone && { overflowX: 'auto', scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' } }),
        '& > [role="tab"]': {
          font: 'inherit',
          fontFamily: theme.typography.fontFamily,
          fontWeight: theme.typography.fontWeightMedium,
          fontSize: '0.95rem',
          lineHeight: 1.25,
          minHeight: 48,
          py: 1.5,
          px: 2,
          flexShrink: 0,
          maxWidth: phone ? 360 : 'none',
          border: 0,
          bgcolor: 'transparent',
          color: 'text.secondary',
          cursor: 'pointer',
          textAlign: phone ? 'center' : 'left',
          boxShadow: 'none',
          '&:hover': { bgcolor: 'action.hover' },
          '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
          // The open tab's mark: a bar under it in the row, beside it in the column.
          '&[aria-selected="true"]': {
            color: 'primary.main',
            boxShadow: phone ? `inset 0 -2px 0 ${theme.palette.primary.main}` : `inset -2px 0 0 ${theme.palette.primary.main}`,
          },
        },
      }}
    >
      {labels.map((label, index) => (
        <button
          key={label}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${index}`}
          aria-controls={`${idPrefix}-tabpanel-${index}`}
          aria-selected={index === tab}
          tabIndex={index === tab ? 0 : -1}
          onClick={() => onTab(index)}
        >
          {label}
        </button>
      ))}
    </Box>
  );

  return (
    <Paper variant="outlined" sx={{ display: 'flex', flexDirection: phone ? 'column' : 'row', overflow: 'hidden' }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'stretch',
          flexShrink: 0,
          bgcolor: 'grey.50',
          ...(phone ? { borderBottom: 1 } : { borderRight: 1, width: 250 }),
          // After the border shorthand, which would reset the colour.
          borderColor: 'divider',
        }}
      >
        <ScrollingRow listRef={listRef} tab={tab} scrolls={phone}>
          {list}
        </ScrollingRow>
      </Box>
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

/**
 * The tabs' list; on a phone, a row with an arrow at each end while tabs are hidden on that side (each scrolls
 * the row by most of its width), and the open tab brought into view whenever it changes; only the
 * row scrolls, never the page. The arrows are a pointer's convenience: the keyboard reaches every tab
 * with the arrow keys, so they stay out of the tab order, as MUI's do. Its own state, so an arrow
 * appearing redraws the arrows, not the tabs (`children` is the same element).
 */
function ScrollingRow({
  listRef,
  tab,
  scrolls,
  children,
}: {
  listRef: RefObject<HTMLDivElement | null>;
  tab: number;
  /** On a phone; the column on a wide screen shows every tab. */
  scrolls: boolean;
  children: ReactNode;
}) {
  const [hiddenTabs, setHiddenTabs] = useState({ before: false, after: false });

  useEffect(() => {
    const list = listRef.current;
    if (!scrolls || !list) return;
    const open = list.querySelector<HTMLElement>('[aria-selected="true"]');
    if (open) list.scrollLeft = open.offsetLeft - (list.clientWidth - open.offsetWidth) / 2;
    const update = () => {
      const before = list.scrollLeft > 1;
      const after = list.scrollLeft < list.scrollWidth - list.clientWidth - 1;
      // The same object while nothing changes: a scroll fires this many times.
      setHiddenTabs((current) => (current.before === before && current.after === after ? current : { before, after }));
    };
    update();
    list.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      list.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [listRef, tab, scrolls]);

  const arrow = (direction: 1 | -1, shown: boolean) => (
    <IconButton
      size="small"
      tabIndex={-1}
      aria-label={direction > 0 ? 'Later sections' : 'Earlier sections'}
      onClick={() => listRef.current?.scrollBy({ left: direction * listRef.current.clientWidth * 0.8, behavior: 'smooth' })}
      sx={{ borderRadius: 0, width: 40, flexShrink: 0, visibility: shown ? 'visible' : 'hidden' }}
    >
      {direction > 0 ? <ChevronRight /> : <ChevronLeft />}
    </IconButton>
  );
  return (
    <>
      {/* In place, arrows or not: the row itself never moves in the tree, so it keeps its focus across the two widths. */}
      {scrolls && arrow(-1, hiddenTabs.before)}
      {children}
      {scrolls && arrow(1, hiddenTabs.after)}
    </>
  );
}
