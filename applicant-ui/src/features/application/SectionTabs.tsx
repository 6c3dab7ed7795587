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
        {phone && <ScrollButton listRef={listRef} direction="back" tab={tab} />}
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
              // The open tab's mark: a bar under it in the row, beside it in the column.
              boxShadow: 'none',
              '&:hover': { bgcolor: 'action.hover' },
              '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
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
        {phone && <ScrollButton listRef={listRef} direction="forward" tab={tab} />}
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
 * An arrow at one end of the phone's row of tabs, shown while there are tabs hidden on its side; it
 * scrolls the row by most of its width. The row itself brings the open tab into view when it changes.
 * A pointer's convenience: the keyboard reaches every tab with the arrow keys, so the arrows stay out
 * of the tab order, as MUI's do.
 */
function ScrollButton({
  listRef,
  direction,
  tab,
}: {
  listRef: RefObject<HTMLDivElement | null>;
  direction: 'back' | 'forward';
  /** The open tab: the row brings it into view when it changes. */
  tab: number;
}) {
  const [more, setMore] = useState(false);
  const leading = direction === 'forward';

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const update = () => {
      const room = list.scrollWidth - list.clientWidth;
      setMore(direction === 'back' ? list.scrollLeft > 1 : list.scrollLeft < room - 1);
    };
    // The open tab in view: only the row scrolls, never the page.
    if (leading) {
      const open = list.querySelector<HTMLElement>('[aria-selected="true"]');
      if (open) list.scrollLeft = open.offsetLeft - (list.clientWidth - open.offsetWidth) / 2;
    }
    update();
    list.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      list.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [listRef, direction, leading, tab]);

  return (
    <IconButton
      size="small"
      tabIndex={-1}
      aria-label={leading ? 'Later sections' : 'Earlier sections'}
      onClick={() => listRef.current?.scrollBy({ left: (leading ? 1 : -1) * listRef.current.clientWidth * 0.8, behavior: 'smooth' })}
      sx={{ borderRadius: 0, width: 40, flexShrink: 0, visibility: more ? 'visible' : 'hidden' }}
    >
      {leading ? <ChevronRight /> : <ChevronLeft />}
    </IconButton>
  );
}
