// @vitest-environment jsdom
import { CircularProgress } from '@mui/material';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { adminTheme } from './theme';

describe('the admin theme', () => {
  afterEach(cleanup);

  it('names every spinner, so a screen reader says the page is loading', () => {
    render(
      <ThemeProvider theme={createTheme(adminTheme)}>
        <CircularProgress />
      </ThemeProvider>,
    );
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeTruthy();
  });

  it('keeps a spinner that names itself', () => {
    render(
      <ThemeProvider theme={createTheme(adminTheme)}>
        <CircularProgress aria-label="Drawing the certificates" />
      </ThemeProvider>,
    );
    expect(screen.getByRole('progressbar', { name: 'Drawing the certificates' })).toBeTruthy();
  });
});
