import { act, screen } from '@testing-library/react';
import { timelineFor } from '@svp/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../test/kit/fakeServer';
import { renderPage } from '../test/kit/renderPage';
import { FOOTER_SETTLE_MS } from './AppShell';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const renderShell = () => renderPage(<p>A short page</p>, { path: '/', fromServer: true });

/** The CSS rules emotion wrote for an element's classes, as text. */
function rulesOf(element: Element): string {
  const classes = [...element.classList].filter((name) => name.startsWith('css-'));
  const sheets = [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n');
  return classes
    .map((name) =>
      sheets
        .split('}')
        .filter((rule) => rule.includes(`.${name}`))
        .join('}'),
    )
    .join('\n');
}

describe('the shell around every page', () => {
  it(
    'keeps the footer at the bottom of the screen under a short page: a screen-high column ' + 'whose main part takes the room left',
    async () => {
      fakeServer(() => timelineFor('open'));
      renderShell();
      const main = await screen.findByRole('main');
      const column = main.parentElement!;
      expect(column).toContainElement(screen.getByRole('contentinfo'));
      expect(rulesOf(column)).toMatch(/flex-direction:\s*column/);
      expect(rulesOf(column)).toMatch(/min-height:\s*100dvh/);
      // The main part grows into the room left; it is not itself a screen high (which pushed the footer below the first screen).
      expect(rulesOf(main)).toMatch(/flex:\s*1 0 auto/);
      expect(rulesOf(main)).not.toMatch(/min-height:\s*100vh/);
    },
  );

  it('shows the footer only once the first page has stopped growing, so it is never pushed down in view', async () => {
    const resized: (() => void)[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          resized.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    fakeServer(() => timelineFor('open'));
    renderShell();
    await screen.findByRole('main');
    vi.useFakeTimers();
    const footer = document.querySelector('footer')!;
    expect(footer).not.toBeVisible();
    // The page grows (its data arrived) just before the footer was due: the wait starts again.
    // The observer's first report (the page's height as drawn) starts the wait.
    act(() => resized.forEach((callback) => callback()));
    act(() => vi.advanceTimersByTime(FOOTER_SETTLE_MS - 100));
    expect(footer).not.toBeVisible();
    act(() => resized.forEach((callback) => callback()));
    act(() => vi.advanceTimersByTime(FOOTER_SETTLE_MS - 100));
    expect(footer).not.toBeVisible();
    act(() => vi.advanceTimersByTime(100));
    expect(footer).toBeVisible();
    expect(screen.getByRole('link', { name: /Contact us/ })).toBeInTheDocument();
  });
});
