import { type RaThemeOptions, defaultLightTheme } from 'react-admin';

// react-admin's colours fall short of 4.5:1 for text: white on its app bar (3.1:1), its primary on the
// page background (4.4:1), an error label on a filled input (4.4:1). One shade darker passes (4.9:1 and more).
const DARKER_BLUE = '#1565c0';
// The red is two shades darker: a Delete button on the form toolbar's grey (#e0e0e0) needs 5.0:1, not 4.3:1.
const DARKER_RED = '#b71c1c';
// White on MUI's orange (3.1:1) and light blue (3.9:1) fails too, on filled chips: a deep amber and a deep blue pass (5.0:1, 7.4:1).
const DEEP_AMBER = '#b45309';
const DEEP_LIGHT_BLUE = '#01579b';

/** react-admin's light theme with text colours every reader can read. */
export const adminTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    primary: { main: DARKER_BLUE },
    secondary: { light: '#5e92f3', main: DARKER_BLUE, dark: '#003c8f', contrastText: '#fff' },
    error: { main: DARKER_RED },
    warning: { main: DEEP_AMBER },
    info: { main: DEEP_LIGHT_BLUE },
  },
  components: {
    ...defaultLightTheme.components,
    // react-admin's spinners (the app bar's while a list refreshes, a list's while it loads) are progress
    // bars with no name, which a screen reader announces as nothing: each says what it is.
    MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
    // react-admin labels a list's row checkbox on its wrapper, where a screen reader does not read it:
    // the label goes on the checkbox itself (a checkbox given its own input props keeps them).
    MuiCheckbox: {
      defaultProps: {
        slotProps: {
          root: (ownerState: { 'aria-label'?: string }) => (ownerState['aria-label'] ? { 'aria-label': undefined } : {}),
          input: (ownerState: { 'aria-label'?: string }) => (ownerState['aria-label'] ? { 'aria-label': ownerState['aria-label'] } : {}),
        },
      },
    },
  },
};
