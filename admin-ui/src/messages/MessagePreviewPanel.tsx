import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { AdminDataProvider } from '../dataProvider';
import { type ComposeValues, messageOf, showServerErrors } from './compose';
import type { AudienceNode, MessagePreview } from './types';

interface Shown {
  /** What the preview was made from, to tell when the message has changed since. */
  madeFrom: string;
  preview: MessagePreview;
}

function PreviewView({ preview, outdated, onAgain }: { preview: MessagePreview; outdated: boolean; onAgain: () => void }) {
  return (
    <Box component="section" aria-label="Preview" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {outdated && (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={onAgain}>
              Preview again
            </Button>
          }
        >
          The message or its audience changed since this preview.
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary">
        {preview.recipient
          ? `As ${preview.recipient.name}, the first recipient, will get it.`
          : 'As you would get it: nobody is in the audience yet.'}
      </Typography>
      <Typography>
        <strong>Subject:</strong> {preview.subject}
      </Typography>
      <Box
        component="iframe"
        title="The email as HTML"
        // No scripts, no forms, no navigation: the preview only shows.
        sandbox=""
        srcDoc={preview.html}
        sx={{ width: '100%', height: 320, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'common.white' }}
      />
      <Typography component="h3" variant="subtitle2">
        Plain text
      </Typography>
      <Paper
        variant="outlined"
        component="pre"
        aria-label="The email as plain text"
        sx={{
          m: 0,
          p: 1.5,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          fontFamily: 'monospace',
          fontSize: '0.85rem',
          maxHeight: 320,
          overflowY: 'auto',
        }}
        tabIndex={0}
      >
        {preview.text}
      </Paper>
    </Box>
  );
}

/**
 * The message as its first recipient will get it (HTML and plain text, from the server), and a test
 * sent to the organiser's own address. Both need the subject and the body to pass their checks.
 */
export function MessagePreviewPanel({ audience }: { audience: AudienceNode | null }) {
  const api = useDataProvider<AdminDataProvider>();
  const form = useFormContext<ComposeValues>();
  const [subject, body] = useWatch<ComposeValues, ['subject', 'body']>({ name: ['subject', 'body'] });
  const madeFrom = JSON.stringify([subject, body, audience]);
  const [shown, setShown] = useState<Shown | null>(null);
  const [testSentTo, setTestSentTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<'preview' | 'test' | null>(null);

  const run = async (what: 'preview' | 'test') => {
    setProblem(null);
    setTestSentTo(null);
    if (!(await form.trigger(['subject', 'body'], { shouldFocus: true }))) {
      setProblem(`Fix the subject and the message first: ${what === 'preview' ? 'the preview' : 'the test'} shows them as written.`);
      return;
    }
    const text = { subject: subject ?? '', body: body ?? '' };
    setPending(what);
    try {
      if (what === 'preview') {
        // Without a valid audience the server previews it as the organiser would get it.
        const { data } = await api.previewMessage(audience ? { ...text, audience } : text);
        setShown({ madeFrom, preview: data });
      } else {
        const { data } = await api.sendTestMessage(text);
        setTestSentTo(data.sentTo);
      }
    } catch (error) {
      showServerErrors(error, form.setError);
      setProblem(messageOf(error));
    } finally {
      setPending(null);
    }
  };

  return (
    <Box component="section" aria-labelledby="preview-title" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography id="preview-title" component="h2" variant="h6">
        Preview and test
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" startIcon={<VisibilityIcon />} onClick={() => void run('preview')} disabled={pending !== null}>
          {pending === 'preview' ? 'Preparing the preview...' : 'Preview'}
        </Button>
        <Button variant="outlined" startIcon={<ForwardToInboxIcon />} onClick={() => void run('test')} disabled={pending !== null}>
          {pending === 'test' ? 'Sending the test...' : 'Send a test to myself'}
        </Button>
      </Box>
      <Box role="status">{testSentTo && <Alert severity="success">Test sent to {testSentTo}</Alert>}</Box>
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      {shown && <PreviewView preview={shown.preview} outdated={shown.madeFrom !== madeFrom} onAgain={() => void run('preview')} />}
    </Box>
  );
}
