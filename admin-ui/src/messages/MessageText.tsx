import { Box, Button, Typography } from '@mui/material';
import { type AudienceNames, MERGE_FIELD_NAMES, MESSAGE_LIMITS, type MergeField, mergeFieldHelp } from '@svp/domain';
import { type FocusEvent, useMemo, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { BODY_VALIDATORS, type ComposeValues, SUBJECT_VALIDATORS } from './compose';
import { LiveTextInput } from './LiveTextInput';
import type { AudienceNode } from './types';

type TextField = 'subject' | 'body';
type TextElement = HTMLInputElement | HTMLTextAreaElement;

const count = (text: string | null | undefined, limit: number) =>
  `${(text ?? '').length.toLocaleString('en-US')} / ${limit.toLocaleString('en-US')} characters`;

/**
 * The merge fields, each a button that puts it where the cursor was in the subject or the body, with
 * what it holds for the audience chosen (the schedule fields read the day, venue or shift it is about).
 */
function MergeFieldList({ help, onInsert }: { help: Record<MergeField, string>; onInsert: (field: MergeField) => void }) {
  return (
    <Box component="section" aria-labelledby="merge-fields-title">
      <Typography id="merge-fields-title" component="h3" variant="subtitle2">
        Merge fields
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Each recipient gets their own value in place of the field. Click one to put it where the cursor is in the subject or the message.
      </Typography>
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}
      >
        {MERGE_FIELD_NAMES.map((name) => (
          <Box component="li" key={name} sx={{ display: 'flex', alignItems: 'baseline', gap: 1, minWidth: 0 }}>
            <Button
              size="small"
              onClick={() => onInsert(name)}
              aria-label={`Insert {${name}}: ${help[name]}`}
              sx={{ textTransform: 'none', fontFamily: 'monospace', flexShrink: 0 }}
            >
              {`{${name}}`}
            </Button>
            <Typography variant="caption" color="text.secondary">
              {help[name]}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/**
 * Subject and Markdown body, each checked as it is typed (required, length, merge fields), with the
 * merge fields to insert at the cursor. `audience` (null while incomplete) and `names` word their help.
 */
export function MessageText({ audience, names }: { audience: AudienceNode | null; names: AudienceNames }) {
  const help = useMemo(() => mergeFieldHelp(audience, names), [audience, names]);
  const { getValues, setValue } = useFormContext<ComposeValues>();
  const [subject, body] = useWatch<ComposeValues, ['subject', 'body']>({ name: ['subject', 'body'] });
  const elements = useRef<Partial<Record<TextField, TextElement | null>>>({});
  // Where a merge field goes: the field last typed in, else the end of the body.
  const lastFocused = useRef<TextField | null>(null);
  const remember = (field: TextField) => (_event: FocusEvent<TextElement>) => {
    lastFocused.current = field;
  };

  const insert = (name: MergeField) => {
    const field = lastFocused.current ?? 'body';
    const element = elements.current[field];
    const text = getValues(field) ?? '';
    const start = lastFocused.current && element ? (element.selectionStart ?? text.length) : text.length;
    const end = lastFocused.current && element ? (element.selectionEnd ?? start) : start;
    const token = `{${name}}`;
    setValue(field, text.slice(0, start) + token + text.slice(end), { shouldDirty: true, shouldTouch: true, shouldValidate: true });
    lastFocused.current = field;
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  return (
    <Box component="section" aria-labelledby="message-text-title" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography id="message-text-title" component="h2" variant="h6">
        Message
      </Typography>
      <LiveTextInput
        source="subject"
        label="Subject"
        validate={SUBJECT_VALIDATORS}
        helperText={count(subject, MESSAGE_LIMITS.subject)}
        inputRef={(element) => {
          elements.current.subject = element;
        }}
        onFocus={remember('subject')}
      />
      <LiveTextInput
        source="body"
        label="Message (Markdown)"
        validate={BODY_VALIDATORS}
        multiline
        minRows={8}
        helperText={`**bold**, _italic_, [a link](https://…), lists with - or 1. Addresses become links. ${count(body, MESSAGE_LIMITS.body)}`}
        inputRef={(element) => {
          elements.current.body = element;
        }}
        onFocus={remember('body')}
      />
      <MergeFieldList help={help} onInsert={insert} />
    </Box>
  );
}
