/**
 * The saving of the application's answers as a plain state machine: what the applicant's typing, the
 * timers and the server's answers do to the save, with no React, no timers and no network in it.
 * `transition(state, event)` gives the next state and the effects to carry out; `useApplicationSave`
 * runs them (it owns the timer, the queue of saves and the form). One save runs at a time: a draft
 * save (after a pause in typing, on leaving a field, on hiding the tab) or an explicit one (a move
 * to a step, the submission), which waits for the saves before it and makes drafts queued meanwhile
 * unnecessary.
 */

/** A draft keeps the stored step; a move saves its target step; a submission completes the application. */
export type SaveKind = { kind: 'draft' } | { kind: 'move'; step: number } | { kind: 'submit' };

/** A pause in typing this long saves the answers. */
export const AUTOSAVE_DELAY_MS = 1500;
/** Leaving a field saves sooner, yet after the click that left it (Next or Submit saves everything itself). */
export const FIELD_LEFT_SAVE_DELAY_MS = 400;
/** A draft save the network or the server failed is tried again after this long. */
export const AUTOSAVE_RETRY_MS = 15_000;

export type SavePhase =
  /** Everything is saved (or nothing was changed yet). */
  | { name: 'idle' }
  /** Unsaved answers, a save waiting for typing to pause. */
  | { name: 'dirty' }
  /** A save is under way; `editedMeanwhile`: answers typed since it left, saved after it. */
  | { name: 'saving'; kind: SaveKind; editedMeanwhile: boolean }
  /** The last save went through. */
  | { name: 'saved' }
  /** The server refused a save as stale (409): another window saved `theirs`; `kind` is the save of mine it refused. */
  | { name: 'conflict'; kind: SaveKind; theirs: unknown }
  /** The last save failed; a draft is tried again when `retry` (the timer runs), not when the server refused it. */
  | { name: 'failed'; retry: boolean }
  /** The connection dropped: the answers stay unsaved (and in the tab's copy) until it is back or the retry runs. */
  | { name: 'offline' }
  /** Sent to the dashboard (deadline, submitted elsewhere): nothing more is saved. */
  | { name: 'left' };

export interface SaveState {
  phase: SavePhase;
  /** The timer that will ask for a draft save, if one runs. */
  timer: number | null;
  /** A draft save waits in the queue (it serves every request made before it starts). */
  draftQueued: boolean;
  /** Moves and submissions waiting in the queue: they save every answer, so drafts before them are skipped. */
  explicitQueued: number;
}

export type SaveEvent =
  /** The form changed; `unsaved`: it differs from what the server holds. */
  | { type: 'edited'; unsaved: boolean }
  /** A field was left: a pending save goes sooner. */
  | { type: 'fieldLeft' }
  /** The timer ran out (typing paused, a field was left, a retry is due). */
  | { type: 'debounceElapsed' }
  /** A draft save was asked for now (tab hidden, going back a tab, a Next the checks stopped, leaving the page). */
  | { type: 'draftRequested' }
  /** The queued draft's turn came; `changed`: something new can be saved (else only the status is brought up to date). */
  | { type: 'draftTurn'; changed: boolean }
  /** Next, a per-step page's button or Submit: a save with its step, after the saves queued before it. */
  | { type: 'submitRequested'; kind: SaveKind }
  /** The turn of a move or a submission came. */
  | { type: 'explicitTurn'; kind: SaveKind }
  /** The server took the save; `unsaved`: answers were typed while it was under way. */
  | { type: 'saveSucceeded'; unsaved: boolean }
  /** The save failed; `retry`: the failure may pass (server error), so a draft is tried again. */
  | { type: 'saveFailed'; retry: boolean }
  /** The server answered 409 stale with its version. */
  | { type: 'conflictFound'; theirs: unknown }
  /** 'Keep my answers': mine is saved again, based on their version. */
  | { type: 'keepMine'; basedOn: string }
  /** 'Load the saved ones': the form takes theirs. */
  | { type: 'keepTheirs' }
  /** The save met a dropped connection. */
  | { type: 'wentOffline' }
  /** The browser is online again. */
  | { type: 'backOnline' }
  /** The user leaves the form: the waiting timer is cancelled, what is unsaved is saved at once after the saves under way. */
  | { type: 'leaveRequested' }
  /** The application closed (deadline, submission elsewhere): off to the dashboard. */
  | { type: 'left' };

export type SaveEffect =
  | { type: 'startTimer'; delay: number }
  | { type: 'clearTimer' }
  /** Put a draft save in the queue. */
  | { type: 'queueDraft' }
  /** Send the form's answers as `kind` asks (based on `basedOn` when given, else on the last answer's version). */
  | { type: 'sendSave'; kind: SaveKind; basedOn?: string }
  /** Open the two-window dialog with both versions. */
  | { type: 'showConflict' }
  | { type: 'closeConflict' }
  /** Put the server's version in the form. */
  | { type: 'loadTheirs' };

export interface Transition {
  state: SaveState;
  effects: SaveEffect[];
}

export const initialSaveState: SaveState = { phase: { name: 'idle' }, timer: null, draftQueued: false, explicitQueued: 0 };

const startTimer = (state: SaveState, delay: number): Transition => ({
  state: { ...state, timer: delay },
  effects: [{ type: 'startTimer', delay }],
});

/** A draft save now: queued unless one already waits (it will save these answers too). */
const requestDraft = (state: SaveState): Transition => {
  const effects: SaveEffect[] = state.timer !== null ? [{ type: 'clearTimer' }] : [];
  if (state.draftQueued) return { state: { ...state, timer: null }, effects };
  return { state: { ...state, timer: null, draftQueued: true }, effects: [...effects, { type: 'queueDraft' }] };
};

const unchanged = (state: SaveState): Transition => ({ state, effects: [] });

/** A draft may start: the user is still on the form, no dialog waits for an answer, no move or submission is queued. */
export const mayStartDraft = (state: SaveState) =>
  state.phase.name !== 'left' && state.phase.name !== 'conflict' && state.explicitQueued === 0;

export const isConflict = (state: SaveState) => state.phase.name === 'conflict';
export const hasLeft = (state: SaveState) => state.phase.name === 'left';
export const timerRunning = (state: SaveState) => state.timer !== null;

export function transition(state: SaveState, event: SaveEvent): Transition {
  const { phase } = state;
  if (phase.name === 'left') return unchanged(state);
  switch (event.type) {
    case 'edited': {
      if (!event.unsaved) {
        const effects: SaveEffect[] = state.timer !== null ? [{ type: 'clearTimer' }] : [];
        const next = phase.name === 'dirty' || phase.name === 'failed' || phase.name === 'offline' ? { name: 'idle' as const } : phase;
        return { state: { ...state, phase: next, timer: null }, effects };
      }
      // The dialog waits for an answer: the typing is saved by whichever version is kept.
      if (phase.name === 'conflict') return unchanged(state);
      const next: SavePhase = phase.name === 'saving' ? { ...phase, editedMeanwhile: true } : { name: 'dirty' };
      return startTimer({ ...state, phase: next }, AUTOSAVE_DELAY_MS);
    }
    case 'fieldLeft':
      return state.timer !== null ? startTimer(state, FIELD_LEFT_SAVE_DELAY_MS) : unchanged(state);
    case 'debounceElapsed':
      return requestDraft({ ...state, timer: null });
    case 'draftRequested':
      return requestDraft(state);
    case 'draftTurn': {
      const turn = { ...state, draftQueued: false };
      if (!mayStartDraft(state)) return unchanged(turn);
      if (!event.changed) return unchanged({ ...turn, phase: phase.name === 'saving' ? phase : { name: 'idle' } });
      const kind: SaveKind = { kind: 'draft' };
      return { state: { ...turn, phase: { name: 'saving', kind, editedMeanwhile: false } }, effects: [{ type: 'sendSave', kind }] };
    }
    case 'submitRequested': {
      const effects: SaveEffect[] = state.timer !== null ? [{ type: 'clearTimer' }] : [];
      return { state: { ...state, timer: null, explicitQueued: state.explicitQueued + 1 }, effects };
    }
    case 'explicitTurn':
      return {
        state: {
          ...state,
          explicitQueued: Math.max(0, state.explicitQueued - 1),
          phase: { name: 'saving', kind: event.kind, editedMeanwhile: false },
        },
        effects: [{ type: 'sendSave', kind: event.kind }],
      };
    case 'saveSucceeded': {
      const editedMeanwhile = event.unsaved || (phase.name === 'saving' && phase.editedMeanwhile);
      return unchanged({ ...state, phase: editedMeanwhile ? { name: 'dirty' } : { name: 'saved' } });
    }
    case 'saveFailed': {
      const draft = phase.name !== 'saving' || phase.kind.kind === 'draft';
      const retry = draft && event.retry;
      const failed = { ...state, phase: { name: 'failed' as const, retry } };
      return retry ? startTimer(failed, AUTOSAVE_RETRY_MS) : unchanged(failed);
    }
    case 'wentOffline': {
      const draft = phase.name !== 'saving' || phase.kind.kind === 'draft';
      if (!draft) return unchanged({ ...state, phase: { name: 'failed', retry: false } });
      // Nothing is lost: the answers stay in the form and the tab's copy, and are tried again.
      return startTimer({ ...state, phase: { name: 'offline' } }, AUTOSAVE_RETRY_MS);
    }
    case 'backOnline':
      return phase.name === 'offline' || (phase.name === 'failed' && phase.retry) ? requestDraft(state) : unchanged(state);
    case 'conflictFound': {
      const kind = phase.name === 'saving' ? phase.kind : { kind: 'draft' as const };
      return { state: { ...state, phase: { name: 'conflict', kind, theirs: event.theirs } }, effects: [{ type: 'showConflict' }] };
    }
    case 'keepMine':
      if (phase.name !== 'conflict') return unchanged(state);
      return {
        state: { ...state, phase: { name: 'saving', kind: phase.kind, editedMeanwhile: false } },
        effects: [{ type: 'closeConflict' }, { type: 'sendSave', kind: phase.kind, basedOn: event.basedOn }],
      };
    case 'keepTheirs':
      if (phase.name !== 'conflict') return unchanged(state);
      return { state: { ...state, phase: { name: 'idle' } }, effects: [{ type: 'closeConflict' }, { type: 'loadTheirs' }] };
    case 'leaveRequested':
      return state.timer !== null ? { state: { ...state, timer: null }, effects: [{ type: 'clearTimer' }] } : unchanged(state);
    case 'left': {
      const effects: SaveEffect[] = state.timer !== null ? [{ type: 'clearTimer' }] : [];
      return { state: { ...state, phase: { name: 'left' }, timer: null }, effects };
    }
  }
}
