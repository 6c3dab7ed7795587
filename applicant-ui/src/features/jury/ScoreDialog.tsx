import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Tab,
  Tabs,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { ErrorCode, JURY_SAVED_MESSAGE, type JuryScoreField, countWords, juryScoreProblems } from '@svp/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import type { JuryApplication, JuryItem, JuryScorePayload, JuryScoreSaved } from '../../api/types';
import { useAlerts } from '../../state/AlertsContext';
import { LOAD_APPLICATION_FAILED } from '../application/apiErrors';
import { SV_ESSAYS } from '../application/steps/SvEssaysStep';
import { SCORE_FIELDS, type ScoreDraft, applicationTitle, draftOf } from './juryItems';
import { JuryReferences } from './JuryReferences';

/** How long 'Scores saved successfully' stays. */
const SAVED_BANNER_MS = 3000;

const ESSAY_TABS = ['Essay 1', 'Essay 2', 'Essay 3'] as const;

type Essays = JuryApplication['data'];

/** The server's own words for a refusal (e.g. 409 outside the jury window); the kept sentence for anything else. */
function loadFailure(error: unknown): unknown {
  if (error instanceof ApiError && error.status >= 500) return LOAD_APPLICATION_FAILED;
  return error;
}

/** A create that finds the item already scored (e.g. in another tab) answers the existing score id: save as an update of it. */
function existingScoreId(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.AlreadyScored) return null;
  const id = (error.data.score as { score_id?: unknown } | undefined)?.score_id;
  return typeof id === 'number' ? id : null;
}

/**
 * The 'Score Application {n}' modal: the three essays in tabs (loaded blind
 * from GET /application/{the item's opaque id}), the received references when the edition shows them, the five
 * required selects, Save, Previous App, Next App and Close.
 * Previous and Next move through the whole list, in its order; moving does not save.
 */
export function ScoreDialog({
  items,
  index,
  teamLeaderId,
  onIndex,
  onSaved,
}: {
  items: readonly JuryItem[];
  /** The open item's place in `items`; null when closed. */
  index: number | null;
  teamLeaderId: number;
  onIndex: (index: number | null) => void;
  onSaved: (item: JuryItem) => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { error, showError, clearError } = useAlerts();
  // The form is reset whenever an item is opened or another one is moved to (unsaved choices are
  // dropped); on Close the last item stays rendered while the dialog fades out.
  const [shownIndex, setShownIndex] = useState<number | null>(null);
  const [draft, setDraft] = useState<ScoreDraft | null>(null);
  const [tab, setTab] = useState(0);
  const [attempted, setAttempted] = useState(false);
  const [openedIndex, setOpenedIndex] = useState<number | null>(null);
  if (index !== openedIndex) {
    setOpenedIndex(index);
    const opened = index === null ? undefined : items[index];
    if (index !== null && opened) {
      setShownIndex(index);
      setDraft(draftOf(opened));
      setTab(0);
      setAttempted(false);
    }
  }
  const item = shownIndex === null ? null : (items[shownIndex] ?? null);
  const svId = item?.student_volunteer_id ?? null;

  // By the item's opaque id.
  const [essays, setEssays] = useState<Record<string, Essays | 'failed'>>({});
  const [saving, setSaving] = useState(false);
  const [savedFor, setSavedFor] = useState<string | null>(null);
  const savedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const selects = useRef<Partial<Record<JuryScoreField, HTMLSelectElement | null>>>({});

  useEffect(() => () => clearTimeout(savedTimer.current), []);

  const loaded = svId === null ? undefined : essays[svId];
  useEffect(() => {
    if (svId === null || loaded !== undefined) return;
    let current = true;
    endpoints.juryApplication(svId).then(
      (application) => current && setEssays((all) => ({ ...all, [svId]: application.data })),
      (failure: unknown) => {
        if (!current) return;
        setEssays((all) => ({ ...all, [svId]: 'failed' }));
        showError(loadFailure(failure));
      },
    );
    return () => {
      current = false;
    };
  }, [svId, loaded, showError]);

  const move = useCallback(
    (to: number | null) => {
      clearError();
      setSavedFor(null);
      onIndex(to);
    },
    [clearError, onIndex],
  );

  if (shownIndex === null || !item || !draft || svId === null) return null;

  const problems = juryScoreProblems(draft);
  const missing = new Set(problems.map((p) => p.field));

  const save = async () => {
    setAttempted(true);
    if (problems.length) {
      selects.current[problems[0]!.field]?.focus();
      return;
    }
    const body = { tl_id: teamLeaderId, sv_id: svId, ...draft } as JuryScorePayload;
    setSaving(true);
    clearError();
    try {
      let saved: JuryScoreSaved;
      try {
        saved = item.score_id === null ? await endpoints.createJuryScore(body) : await endpoints.updateJuryScore(item.score_id, body);
      } catch (failure) {
        const scoreId = existingScoreId(failure);
        if (scoreId === null) throw failure;
        saved = await endpoints.updateJuryScore(scoreId, body);
      }
      const { score } = saved;
      onSaved({
        student_volunteer_id: svId,
        score_id: score.score_id,
        essay1: score.essay1,
        essay2: score.essay2,
        essay3: score.essay3,
        overall: score.overall,
        red_flag: score.red_flag,
      });
      setSavedFor(svId);
      clearTimeout(savedTimer.current);
      savedTimer.current = setTimeout(() => setSavedFor(null), SAVED_BANNER_MS);
    } catch (failure) {
      showError(failure);
    } finally {
      setSaving(false);
    }
  };

  const essay = loaded && loaded !== 'failed' ? loaded[SV_ESSAYS[tab]!.name] : '';
  return (
    <Dialog open={index !== null} onClose={() => move(null)} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="score-title">
      <DialogTitle id="score-title">Score {applicationTitle(shownIndex)}</DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 2, sm: 3 } }}>
        {/* The shell's danger alert sits behind the modal: the same alert, shown where the user is looking. */}
        {error && (
          <Alert severity="error" onClose={clearError} role="alert" data-testid="score-danger-alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <Tabs
          value={tab}
          onChange={(_event, value: number) => setTab(value)}
          variant="fullWidth"
          aria-label="Essays"
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {ESSAY_TABS.map((label, i) => (
            <Tab
              key={label}
              label={label}
              id={`essay-tab-${i}`}
              aria-controls={`essay-tabpanel-${i}`}
              sx={{ textTransform: 'none', minWidth: 0 }}
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`essay-tabpanel-${tab}`} aria-labelledby={`essay-tab-${tab}`} sx={{ py: 2, minHeight: 160 }}>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {SV_ESSAYS[tab]!.question}
          </Typography>
          {loaded === undefined && (
            <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
              <CircularProgress size={24} aria-hidden />
              <Typography>Loading App...</Typography>
            </Box>
          )}
          {loaded === 'failed' && (
            <Box sx={{ py: 1 }}>
              <Typography sx={{ mb: 1 }}>The essays could not be loaded.</Typography>
              <Button
                variant="outlined"
                onClick={() => {
                  clearError();
                  setEssays((all) => {
                    const rest = { ...all };
                    delete rest[svId];
                    return rest;
                  });
                }}
              >
                Try again
              </Button>
            </Box>
          )}
          {loaded && loaded !== 'failed' && (
            <>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontStyle: essay ? undefined : 'italic' }}>
                {essay || 'Not answered'}
              </Typography>
              {essay && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {countWords(essay)} words
                </Typography>
              )}
            </>
          )}
        </Box>
        {/* Present only when the edition shows references to the jury. */}
        {loaded && loaded !== 'failed' && loaded.references && <JuryReferences references={loaded.references} />}
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 'bold', mb: 0.5, p: 0 }}>
            Scores
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            All five are required: essays from 1 to 5, overall Yes or No, and whether to raise a red flag.
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
            }}
          >
            {SCORE_FIELDS.map(({ field, label, choices }) => {
              const showError = attempted && missing.has(field);
              return (
                <TextField
                  key={field}
                  select
                  id={`score-${field}`}
                  label={label}
                  value={draft[field] ?? ''}
                  onChange={(event) => {
                    const raw = event.target.value;
                    setDraft({ ...draft, [field]: raw === '' ? null : Number(raw) });
                  }}
                  error={showError}
                  helperText={showError ? 'Required' : ' '}
                  size="small"
                  fullWidth
                  inputRef={(element: HTMLSelectElement | null) => void (selects.current[field] = element)}
                  slotProps={{ select: { native: true }, htmlInput: { 'aria-required': true }, inputLabel: { shrink: true } }}
                >
                  <option value="">Select</option>
                  {choices.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.label}
                    </option>
                  ))}
                </TextField>
              );
            })}
          </Box>
        </Box>
        {savedFor === svId && (
          <Alert severity="success" role="status" sx={{ mt: 1 }} data-testid="scores-saved">
            {JURY_SAVED_MESSAGE}
          </Alert>
        )}
      </DialogContent>
      {/* Two by two on a phone, one row from the sm breakpoint. */}
      <DialogActions
        sx={{
          display: { xs: 'grid', sm: 'flex' },
          gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
          gap: 1,
          px: { xs: 2, sm: 3 },
          py: 2,
          '& > :not(style) ~ :not(style)': { ml: 0 },
        }}
      >
        <Button variant="contained" onClick={() => void save()} disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="outlined" onClick={() => move(shownIndex - 1)} disabled={shownIndex === 0}>
          Previous App
        </Button>
        <Button variant="outlined" onClick={() => move(shownIndex + 1)} disabled={shownIndex >= items.length - 1}>
          Next App
        </Button>
        <Button onClick={() => move(null)} sx={{ ml: { sm: 'auto !important' } }}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
