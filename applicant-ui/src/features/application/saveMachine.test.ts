import { describe, expect, it } from 'vitest';
import {
  AUTOSAVE_DELAY_MS,
  AUTOSAVE_RETRY_MS,
  FIELD_LEFT_SAVE_DELAY_MS,
  type SaveEffect,
  type SaveEvent,
  type SaveState,
  initialSaveState,
  mayStartDraft,
  transition,
} from './saveMachine';

/** Runs the events one after the other; the effects of each step, in order. */
function run(events: SaveEvent[], from: SaveState = initialSaveState) {
  let state = from;
  const effects: SaveEffect[][] = [];
  for (const event of events) {
    const next = transition(state, event);
    state = next.state;
    effects.push(next.effects);
  }
  return { state, effects, last: effects[effects.length - 1] };
}

const draft = { kind: 'draft' } as const;

describe('the save machine', () => {
  it('saves 1.5 s after typing stops: each keystroke restarts the timer, the pause queues one draft that is sent', () => {
    const typing = run([
      { type: 'edited', unsaved: true },
      { type: 'edited', unsaved: true },
    ]);
    expect(typing.state.phase).toEqual({ name: 'dirty' });
    expect(typing.effects).toEqual([
      [{ type: 'startTimer', delay: AUTOSAVE_DELAY_MS }],
      [{ type: 'startTimer', delay: AUTOSAVE_DELAY_MS }],
    ]);
    const paused = run([{ type: 'debounceElapsed' }], typing.state);
    expect(paused.last).toEqual([{ type: 'queueDraft' }]);
    const turn = run([{ type: 'draftTurn', changed: true }], paused.state);
    expect(turn.last).toEqual([{ type: 'sendSave', kind: draft }]);
    expect(run([{ type: 'saveSucceeded', unsaved: false }], turn.state).state.phase).toEqual({ name: 'saved' });
  });

  it('saves sooner when a field is left while a save waits, and not at all when the answers are back to the saved ones', () => {
    expect(run([{ type: 'edited', unsaved: true }, { type: 'fieldLeft' }]).last).toEqual([
      { type: 'startTimer', delay: FIELD_LEFT_SAVE_DELAY_MS },
    ]);
    expect(run([{ type: 'fieldLeft' }]).last).toEqual([]);
    const undone = run([
      { type: 'edited', unsaved: true },
      { type: 'edited', unsaved: false },
    ]);
    expect(undone.last).toEqual([{ type: 'clearTimer' }]);
    expect(undone.state.phase).toEqual({ name: 'idle' });
  });

  it('sends edits typed during a save after it, in a save of their own', () => {
    const saving = run([{ type: 'edited', unsaved: true }, { type: 'debounceElapsed' }, { type: 'draftTurn', changed: true }]);
    const typedMeanwhile = run([{ type: 'edited', unsaved: true }], saving.state);
    expect(typedMeanwhile.last).toEqual([{ type: 'startTimer', delay: AUTOSAVE_DELAY_MS }]);
    const answered = run([{ type: 'saveSucceeded', unsaved: true }], typedMeanwhile.state);
    expect(answered.state.phase).toEqual({ name: 'dirty' });
    const next = run([{ type: 'debounceElapsed' }, { type: 'draftTurn', changed: true }], answered.state);
    expect(next.effects).toEqual([[{ type: 'queueDraft' }], [{ type: 'sendSave', kind: draft }]]);
  });

  it('queues one draft for every request made before it starts', () => {
    const twice = run([{ type: 'draftRequested' }, { type: 'draftRequested' }]);
    expect(twice.effects).toEqual([[{ type: 'queueDraft' }], []]);
  });

  it('skips the drafts queued before a move or a submission, which saves every answer itself', () => {
    const moving = run([
      { type: 'edited', unsaved: true },
      { type: 'draftRequested' },
      { type: 'submitRequested', kind: { kind: 'submit' } },
    ]);
    expect(mayStartDraft(moving.state)).toBe(false);
    expect(run([{ type: 'draftTurn', changed: true }], moving.state).last).toEqual([]);
    const submitting = run(
      [
        { type: 'draftTurn', changed: true },
        { type: 'explicitTurn', kind: { kind: 'submit' } },
      ],
      moving.state,
    );
    expect(submitting.last).toEqual([{ type: 'sendSave', kind: { kind: 'submit' } }]);
  });

  it('opens the conflict dialog on a stale write, with their version, and saves nothing more until it is answered', () => {
    const theirs = { updated_at: '2026-12-07T10:00:00.000Z' };
    const stale = run([
      { type: 'edited', unsaved: true },
      { type: 'debounceElapsed' },
      { type: 'draftTurn', changed: true },
      { type: 'conflictFound', theirs },
    ]);
    expect(stale.last).toEqual([{ type: 'showConflict' }]);
    expect(stale.state.phase).toEqual({ name: 'conflict', kind: draft, theirs });
    expect(run([{ type: 'edited', unsaved: true }], stale.state).last).toEqual([]);
    expect(mayStartDraft(stale.state)).toBe(false);

    const mine = run([{ type: 'keepMine', basedOn: theirs.updated_at }], stale.state);
    expect(mine.last).toEqual([{ type: 'closeConflict' }, { type: 'sendSave', kind: draft, basedOn: theirs.updated_at }]);
    const theirsKept = run([{ type: 'keepTheirs' }], stale.state);
    expect(theirsKept.last).toEqual([{ type: 'closeConflict' }, { type: 'loadTheirs' }]);
    expect(theirsKept.state.phase).toEqual({ name: 'idle' });
  });

  it('keeps the move a stale write refused, so that keeping mine saves it again with its step', () => {
    const move = { kind: 'move', step: 3 } as const;
    const stale = run([
      { type: 'submitRequested', kind: move },
      { type: 'explicitTurn', kind: move },
      { type: 'conflictFound', theirs: {} },
    ]);
    expect(run([{ type: 'keepMine', basedOn: 'v2' }], stale.state).last).toEqual([
      { type: 'closeConflict' },
      { type: 'sendSave', kind: move, basedOn: 'v2' },
    ]);
  });

  it('tries a draft again after a server error, but not one the server refused', () => {
    const sending = run([{ type: 'edited', unsaved: true }, { type: 'debounceElapsed' }, { type: 'draftTurn', changed: true }]);
    const hiccup = run([{ type: 'saveFailed', retry: true }], sending.state);
    expect(hiccup.last).toEqual([{ type: 'startTimer', delay: AUTOSAVE_RETRY_MS }]);
    expect(run([{ type: 'debounceElapsed' }], hiccup.state).last).toEqual([{ type: 'queueDraft' }]);
    const refused = run([{ type: 'saveFailed', retry: false }], sending.state);
    expect(refused.last).toEqual([]);
    expect(refused.state.phase).toEqual({ name: 'failed', retry: false });
  });

  it('loses nothing offline: the draft is tried again after a while, or at once when the connection is back', () => {
    const sending = run([{ type: 'edited', unsaved: true }, { type: 'debounceElapsed' }, { type: 'draftTurn', changed: true }]);
    const offline = run([{ type: 'wentOffline' }], sending.state);
    expect(offline.state.phase).toEqual({ name: 'offline' });
    expect(offline.last).toEqual([{ type: 'startTimer', delay: AUTOSAVE_RETRY_MS }]);
    // Typing on while offline keeps the answers unsaved and saves them once typing pauses.
    expect(run([{ type: 'edited', unsaved: true }], offline.state).state.phase).toEqual({ name: 'dirty' });
    const back = run([{ type: 'backOnline' }], offline.state);
    expect(back.last).toEqual([{ type: 'clearTimer' }, { type: 'queueDraft' }]);
    expect(run([{ type: 'draftTurn', changed: true }], back.state).last).toEqual([{ type: 'sendSave', kind: draft }]);
    // A failed move is not retried on its own: its button says why, and the user presses it again.
    const move = { kind: 'move', step: 2 } as const;
    const moveOffline = run([{ type: 'submitRequested', kind: move }, { type: 'explicitTurn', kind: move }, { type: 'wentOffline' }]);
    expect(moveOffline.last).toEqual([]);
  });

  it('makes the last save before leaving at once, instead of waiting for the pause', () => {
    const leaving = run([{ type: 'edited', unsaved: true }, { type: 'leaveRequested' }, { type: 'draftRequested' }]);
    expect(leaving.effects.slice(1)).toEqual([[{ type: 'clearTimer' }], [{ type: 'queueDraft' }]]);
    expect(run([{ type: 'draftTurn', changed: true }], leaving.state).last).toEqual([{ type: 'sendSave', kind: draft }]);
  });

  it('saves nothing more once the application closed and the user was sent to the dashboard', () => {
    const left = run([{ type: 'edited', unsaved: true }, { type: 'left' }]);
    expect(left.last).toEqual([{ type: 'clearTimer' }]);
    for (const event of [{ type: 'edited', unsaved: true }, { type: 'draftRequested' }, { type: 'backOnline' }] as SaveEvent[]) {
      expect(run([event], left.state).last).toEqual([]);
    }
    expect(mayStartDraft(left.state)).toBe(false);
  });
});
