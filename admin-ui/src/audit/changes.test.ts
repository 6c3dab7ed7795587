import { describe, expect, it } from 'vitest';
import { changesBetween } from './changes';

describe('changesBetween', () => {
  it('lists only the leaves that changed, by dotted path', () => {
    const before = { timeline: { a: '2026-01-01', b: '2026-02-01' }, swapsEnabled: false, contactEmail: 'sv@example.org' };
    const after = { timeline: { a: '2026-01-01', b: '2026-02-02' }, swapsEnabled: true, contactEmail: 'sv@example.org' };
    expect(changesBetween(before, after)).toEqual([
      { path: 'timeline.b', before: '2026-02-01', after: '2026-02-02' },
      { path: 'swapsEnabled', before: false, after: true },
    ]);
  });

  it('shows added and removed keys, and compares lists whole', () => {
    expect(changesBetween({ state: 'pending', tag: null }, { state: 'waitlisted', tag: null, reason: 'admin' })).toEqual([
      { path: 'state', before: 'pending', after: 'waitlisted' },
      { path: 'reason', before: undefined, after: 'admin' },
    ]);
    expect(changesBetween({ years: [2023] }, { years: [2023, 2024] })).toEqual([{ path: 'years', before: [2023], after: [2023, 2024] }]);
  });

  it('treats a missing side as empty', () => {
    expect(changesBetween(null, { role: 'Team-Leader' })).toEqual([{ path: 'role', before: undefined, after: 'Team-Leader' }]);
    expect(changesBetween({ isAdmin: true }, null)).toEqual([{ path: 'isAdmin', before: true, after: undefined }]);
    expect(changesBetween(null, null)).toEqual([]);
    expect(changesBetween('a', 'b')).toEqual([{ path: '', before: 'a', after: 'b' }]);
  });
});
