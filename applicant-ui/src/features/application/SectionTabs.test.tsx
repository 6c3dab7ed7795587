import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SectionTabs } from './SectionTabs';

const LABELS = ['Welcome', 'Academic Information', 'SV Essays', 'Financial Aid'];

function Sections({ first = 1, onTab }: { first?: number; onTab?: (tab: number) => void }) {
  const [tab, setTab] = useState(first);
  return (
    <SectionTabs
      idPrefix="test"
      labels={LABELS}
      tab={tab}
      onTab={(next) => {
        onTab?.(next);
        setTab(next);
      }}
      footer={<button type="button">Next</button>}
    >
      <p>Questions of {LABELS[tab]}</p>
    </SectionTabs>
  );
}

/** A phone's width: MUI's useMediaQuery asks the browser, which jsdom does not have. */
function onAPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (HTMLElement.prototype as Partial<HTMLElement>).scrollBy;
});

describe('SectionTabs', () => {
  it('shows the open section under its own heading, labelled by its tab, with only that tab in the tab order', () => {
    render(<Sections />);
    const open = screen.getByRole('tab', { name: 'Academic Information' });
    expect(open).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').filter((tab) => tab.tabIndex === 0)).toEqual([open]);
    const panel = screen.getByRole('tabpanel', { name: 'Academic Information' });
    expect(panel).toHaveTextContent('Questions of Academic Information');
    expect(open).toHaveAttribute('aria-controls', panel.id);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Academic Information');
  });

  it('on a wide screen, a column: up and down move between tabs (round the ends), Home and End to either end, Enter opens', async () => {
    const onTab = vi.fn();
    const user = userEvent.setup();
    render(<Sections onTab={onTab} />);
    expect(screen.getByRole('tablist', { name: 'Application sections' })).toHaveAttribute('aria-orientation', 'vertical');
    await user.click(screen.getByRole('tab', { name: 'Academic Information' }));
    onTab.mockClear();

    // Each key, and the tab that has the focus after it (right is not a column's key).
    const moves: [string, string][] = [
      ['{ArrowDown}', 'SV Essays'],
      ['{ArrowRight}', 'SV Essays'],
      ['{ArrowDown}{ArrowDown}', 'Welcome'],
      ['{ArrowUp}', 'Financial Aid'],
      ['{Home}', 'Welcome'],
      ['{End}', 'Financial Aid'],
    ];
    for (const [keys, focused] of moves) {
      await user.keyboard(keys);
      expect(screen.getByRole('tab', { name: focused })).toHaveFocus();
    }
    // Moving the focus does not open a section: the wizard saves on the way forward.
    expect(onTab).not.toHaveBeenCalled();
    expect(screen.getByRole('tab', { name: 'Academic Information' })).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{Enter}');
    expect(onTab).toHaveBeenCalledWith(3);
    expect(screen.getByRole('tab', { name: 'Financial Aid' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Questions of Financial Aid');
    // Tab leaves the list from the open tab for the section's own controls.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
  });

  it('on a phone, a row: left and right move between tabs; an arrow at each end while tabs are hidden there scrolls the row', async () => {
    onAPhone();
    // jsdom lays nothing out and cannot scroll: a row 300 pixels wide showing half of its tabs, its scrolls recorded.
    const scrollBy = vi.fn();
    Object.assign(HTMLElement.prototype, { scrollBy });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(600);
    const user = userEvent.setup();
    render(<Sections first={0} />);
    const row = screen.getByRole('tablist', { name: 'Application sections' });
    expect(row).toHaveAttribute('aria-orientation', 'horizontal');
    await user.click(screen.getByRole('tab', { name: 'Welcome' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Academic Information' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Financial Aid' })).toHaveFocus();

    // At the start of the row: only the arrow to the later sections, and not in the tab order.
    expect(screen.queryByRole('button', { name: 'Earlier sections' })).toBeNull();
    const later = screen.getByRole('button', { name: 'Later sections' });
    expect(later).toHaveAttribute('tabindex', '-1');
    await user.click(later);
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 240, behavior: 'smooth' });

    // Scrolled to its end: only the arrow back.
    Object.defineProperty(row, 'scrollLeft', { configurable: true, get: () => 300, set: () => undefined });
    fireEvent.scroll(row);
    expect(screen.queryByRole('button', { name: 'Later sections' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Earlier sections' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -240, behavior: 'smooth' });
  });

  it('on a phone, brings the open tab to the middle of the row as it opens and whenever another tab opens', async () => {
    onAPhone();
    // jsdom lays nothing out: a row 300 pixels wide whose tabs are 100 wide, each 120 further along than the one before.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(100);
    vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(function (this: HTMLElement) {
      return 120 * LABELS.indexOf(this.textContent ?? '');
    });
    const scrolledTo = vi.spyOn(Element.prototype, 'scrollLeft', 'set');
    const user = userEvent.setup();
    render(<Sections first={3} />);
    // Financial Aid starts at 360: the row scrolls to 360 - (300 - 100) / 2.
    expect(scrolledTo).toHaveBeenLastCalledWith(260);
    await user.click(screen.getByRole('tab', { name: 'Academic Information' }));
    expect(scrolledTo).toHaveBeenLastCalledWith(20);
  });

  it('is drawn once as it appears: nothing it measures or registers draws the section a second time', () => {
    onAPhone();
    const drawings: string[] = [];
    render(
      <Profiler id="sections" onRender={(_id, phase) => drawings.push(phase)}>
        <Sections />
      </Profiler>,
    );
    expect(drawings).toEqual(['mount']);
  });
});
