import { describe, expect, it } from 'vitest';
import { statusFilterDraft, statusFilterValues } from './statusFilters';

describe("the filters of 'search by status'", () => {
  it('applies only the enabled filters, each with its yes or no', () => {
    const draft = statusFilterDraft({});
    expect(statusFilterValues(draft)).toEqual({});
    draft.completed = { enabled: true, value: true };
    draft.financialAid = { enabled: true, value: false };
    draft.teamLeader = { enabled: false, value: false };
    expect(statusFilterValues(draft)).toEqual({ completed: true, financialAid: false });
  });

  it('reads the form back from the filter in the address, ignoring what is not a yes or no', () => {
    expect(statusFilterDraft({ teamLeader: false, completed: 'maybe', q: 'ada' })).toEqual({
      completed: { enabled: false, value: true },
      teamLeader: { enabled: true, value: false },
      financialAid: { enabled: false, value: true },
    });
  });
});
