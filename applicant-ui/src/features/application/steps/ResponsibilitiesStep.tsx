import { Alert, Box, FormGroup, Link, Typography } from '@mui/material';
import { APPLICATION_LABELS, SHORT_TEXT_WORD_LIMIT } from '@svp/domain';
import type { ReactNode } from 'react';
import type { PublicSettings } from '../../../api/types';
import { CheckboxInput } from '../../../components/form-fields';
import { Responsibilities } from '../ProgrammeTexts';
import { WordCountedText } from '../WordCountedText';

export const PRIVACY_POLICY_URL = 'https://www.siggraph.org/about/privacy-policy/';

export const AGREEMENTS = {
  acceptedTerms: 'I have read and agree to the expectations, ethics, benefits and deadlines above.',
  acceptedMediaRelease:
    'I agree to the media release: photographs, audio and video of me taken at the conference may be used by SIGGRAPH to document ' +
    'and promote its programs.',
  acceptedPrivacy: 'I have read and agree to the SIGGRAPH Privacy Policy.',
} as const;

/** 'Additional Comments' (optional): on the last tab, and on the older Team Leader page too. */
export function AdditionalComments() {
  return (
    <>
      <Typography variant="h3" sx={{ mt: 3, mb: 1 }}>
        {APPLICATION_LABELS.otherComments}
      </Typography>
      <Box>
        <WordCountedText
          name="otherComments"
          label="Anything else you would like us to know (optional)"
          limit={SHORT_TEXT_WORD_LIMIT}
          rows={4}
        />
      </Box>
    </>
  );
}

/** Tab 7: the responsibilities, the three agreements, additional comments, and what is still missing. */
export function ResponsibilitiesStep({
  settings,
  problems,
  profileNotice,
}: {
  settings: PublicSettings;
  problems: ReactNode;
  profileNotice: ReactNode;
}) {
  return (
    <>
      <Responsibilities settings={settings} />
      <Typography variant="h3" sx={{ mt: 3, mb: 1 }}>
        Agreements
      </Typography>
      <FormGroup>
        <CheckboxInput name="acceptedTerms" label={AGREEMENTS.acceptedTerms} />
        <CheckboxInput name="acceptedMediaRelease" label={AGREEMENTS.acceptedMediaRelease} />
        <CheckboxInput
          name="acceptedPrivacy"
          label={
            <>
              {AGREEMENTS.acceptedPrivacy}{' '}
              <Link href={PRIVACY_POLICY_URL} target="_blank" rel="noopener">
                Read the policy
              </Link>
            </>
          }
        />
      </FormGroup>
      <AdditionalComments />
      {profileNotice && (
        <Alert severity="warning" sx={{ mt: 3 }}>
          {profileNotice}
        </Alert>
      )}
      {problems}
    </>
  );
}
