import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import {
  APPLICATION_LABELS,
  type ApplicationData,
  COUNTRIES,
  FINANCIAL_SITUATIONS,
  MONTHS,
  type Option,
  REFERENCE_TYPES,
  TRANSPORTS,
  countWords,
} from '@svp/domain';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, Navigate } from 'react-router-dom';
import { endpoints } from '../../api/endpoints';
import type { ApplicationRecord } from '../../api/types';
import { useAlerts } from '../../state/AlertsContext';
import { useSession } from '../../state/SessionContext';
import { LoadingText } from './LoadingText';
import { EligibilityNote } from './ProgrammeTexts';
import { ProofPreview } from './ProofPreview';
import { SectionTabs } from './SectionTabs';
import { AGREEMENTS } from './steps/ResponsibilitiesStep';
import { SV_ESSAYS } from './steps/SvEssaysStep';
import { TEAM_LEADER_ESSAYS } from './steps/TeamLeaderStep';
import { LOAD_APPLICATION_FAILED, isApiError } from './apiErrors';

export const LOADING_APP = 'Loading App...';

export const REVIEW_SECTIONS = [
  'Academic Information',
  'Professional References',
  'SIGGRAPH Experience',
  'Student Volunteer Essays',
  'Team Leader Essays',
  'Financial Aid',
  'Confirmation of Responsibilities',
] as const;

const NOT_ANSWERED = 'Not answered';
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function labelOf<V extends string | number>(options: readonly Option<V>[], value: V | null | undefined): string {
  return options.find((option) => option.value === value)?.label ?? (value ? String(value) : '');
}

function Answers({ children }: { children: ReactNode }) {
  return (
    <Box component="dl" sx={{ m: 0 }}>
      {children}
    </Box>
  );
}

function Answer({ label, children }: { label: ReactNode; children: ReactNode }) {
  const empty = children === null || children === undefined || children === '' || (Array.isArray(children) && children.length === 0);
  return (
    <Box sx={{ mb: 2 }}>
      <Typography component="dt" variant="subtitle2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontStyle: empty ? 'italic' : undefined }}>
        {empty ? NOT_ANSWERED : children}
      </Typography>
    </Box>
  );
}

function Ticked({ checked, children }: { checked: boolean; children: ReactNode }) {
  const Icon = checked ? CheckBoxIcon : CheckBoxOutlineBlankIcon;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 1 }}>
      <Icon color={checked ? 'primary' : 'disabled'} aria-hidden fontSize="small" sx={{ mt: '2px' }} />
      <Typography>
        {children}
        <Box component="span" sx={VISUALLY_HIDDEN}>
          {checked ? ' (yes)' : ' (no)'}
        </Box>
      </Typography>
    </Stack>
  );
}

function Essay({ label, question, text }: { label: string; question?: string; text: string }) {
  return (
    <Box component="section" sx={{ mb: 3 }}>
      <Typography variant="h3" sx={{ mb: 1 }}>
        {label}
      </Typography>
      {question && (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {question}
        </Typography>
      )}
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontStyle: text ? undefined : 'italic' }}>
        {text || NOT_ANSWERED}
      </Typography>
      {text && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {countWords(text)} words
        </Typography>
      )}
    </Box>
  );
}

function Section({ tab, application, svid }: { tab: number; application: ApplicationRecord; svid: string }) {
  const data = application.data as ApplicationData;
  switch (tab) {
    case 0:
      return (
        <>
          <Answers>
            <Answer label={APPLICATION_LABELS.schoolName}>{data.schoolName}</Answer>
            <Answer label={APPLICATION_LABELS.schoolCity}>{data.schoolCity}</Answer>
            <Answer label={APPLICATION_LABELS.schoolState}>{data.schoolState}</Answer>
            <Answer label={APPLICATION_LABELS.schoolCountry}>
              {COUNTRIES.find((c) => c.code === data.schoolCountry)?.name ?? data.schoolCountry}
            </Answer>
            <Answer label="Expected Graduation">
              {[labelOf(MONTHS, data.expectedGraduationMonth), data.expectedGraduationYear ?? ''].filter(Boolean).join(' ')}
            </Answer>
          </Answers>
          <Typography variant="h3" sx={{ mt: 3, mb: 1 }}>
            {APPLICATION_LABELS.proofOfEnrollment}
          </Typography>
          {data.proofOfEnrollment ? <ProofPreview svid={svid} /> : <Typography sx={{ fontStyle: 'italic' }}>{NOT_ANSWERED}</Typography>}
        </>
      );
    case 1:
      return (
        <>
          {(['firstReference', 'secondReference'] as const).map((prefix, index) => (
            <Box component="section" key={prefix} sx={{ mb: 2 }}>
              <Typography variant="h3" sx={{ mb: 1 }}>
                {index === 0 ? 'First Reference' : 'Second Reference'}
              </Typography>
              <Answers>
                <Answer label="Type of Reference">{labelOf(REFERENCE_TYPES, data[`${prefix}Type`])}</Answer>
                <Answer label="Name">{[data[`${prefix}FirstName`], data[`${prefix}LastName`]].filter(Boolean).join(' ')}</Answer>
                <Answer label="Email">{data[`${prefix}Email`]}</Answer>
              </Answers>
            </Box>
          ))}
        </>
      );
    case 2:
      return (
        <>
          <Ticked checked={data.haveAttended}>{APPLICATION_LABELS.haveAttended}</Ticked>
          <Ticked checked={data.haveAttendedAsia}>{APPLICATION_LABELS.haveAttendedAsia}</Ticked>
          <Ticked checked={data.haveVolunteered}>
            {APPLICATION_LABELS.haveVolunteered}
            {data.haveVolunteered && data.yearsVolunteered?.length ? `: ${data.yearsVolunteered.join(', ')}` : ''}
          </Ticked>
          <Ticked checked={data.haveVolunteeredAsia}>
            {APPLICATION_LABELS.haveVolunteeredAsia}
            {data.haveVolunteeredAsia && data.yearsVolunteeredAsia?.length ? `: ${data.yearsVolunteeredAsia.join(', ')}` : ''}
          </Ticked>
          <Ticked checked={data.haveNotAttended}>{APPLICATION_LABELS.haveNotAttended}</Ticked>
        </>
      );
    case 3:
      return (
        <>
          {SV_ESSAYS.map(({ name, question }) => (
            <Essay key={name} label={APPLICATION_LABELS[name]} question={question} text={data[name]} />
          ))}
        </>
      );
    case 4:
      if (!application.team_leader) return <Typography>You did not apply to be a Team Leader.</Typography>;
      return (
        <>
          {TEAM_LEADER_ESSAYS.map(({ name, question }) => (
            <Essay key={name} label={APPLICATION_LABELS[name]} question={question} text={data[name]} />
          ))}
        </>
      );
    case 5:
      if (!application.financial_aid) return <Typography>You did not apply for financial aid.</Typography>;
      return (
        <Answers>
          <Answer label={APPLICATION_LABELS.financialAidSummary}>{data.financialAidSummary}</Answer>
          <Answer label={APPLICATION_LABELS.financialSituation}>
            {(data.financialSituation ?? []).map((value) => labelOf(FINANCIAL_SITUATIONS, value)).join('\n')}
          </Answer>
          <Answer label={APPLICATION_LABELS.financialAidExpenses}>{data.financialAidExpenses}</Answer>
          <Answer label={APPLICATION_LABELS.estimatedTravelCost}>
            {data.estimatedTravelCost === null || data.estimatedTravelCost === undefined
              ? ''
              : `US$ ${data.estimatedTravelCost.toLocaleString('en-US')}`}
          </Answer>
          <Answer label={APPLICATION_LABELS.primaryTransport}>{labelOf(TRANSPORTS, data.primaryTransport)}</Answer>
          {data.primaryTransport === 'plane' && <Answer label={APPLICATION_LABELS.airportCode}>{data.airportCode}</Answer>}
          {data.primaryTransport === 'other' && <Answer label={APPLICATION_LABELS.otherTransport}>{data.otherTransport}</Answer>}
          <Answer label={APPLICATION_LABELS.fundedTravel}>{data.fundedTravel ? 'Yes' : 'No'}</Answer>
        </Answers>
      );
    default:
      return (
        <>
          <Ticked checked={data.acceptedTerms}>{AGREEMENTS.acceptedTerms}</Ticked>
          <Ticked checked={data.acceptedMediaRelease}>{AGREEMENTS.acceptedMediaRelease}</Ticked>
          <Ticked checked={data.acceptedPrivacy}>{AGREEMENTS.acceptedPrivacy}</Ticked>
          <Essay label={APPLICATION_LABELS.otherComments} text={data.otherComments} />
        </>
      );
  }
}

/** The read-only review at /application/view; lazy-loaded, hence the default export. */
export default function ViewApplicationPage() {
  const { profile, application, setApplication } = useSession();
  const { showError } = useAlerts();
  const [failed, setFailed] = useState(false);
  const [tab, setTab] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const profileId = profile?.id;

  useEffect(() => {
    if (application !== null || profileId === undefined) return;
    let current = true;
    endpoints.application(profileId).then(
      (loaded) => current && setApplication(loaded),
      (error: unknown) => {
        if (!current) return;
        if (isApiError(error, 404)) setApplication('none');
        else {
          setFailed(true);
          showError(LOAD_APPLICATION_FAILED);
        }
      },
    );
    return () => {
      current = false;
    };
  }, [application, profileId, setApplication, showError]);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    headingRef.current?.focus();
  }, [tab]);

  if (!profile) return null;
  if (application === 'none') return <Navigate to="/dashboard" replace />;
  if (failed) {
    return (
      <Box sx={{ py: 4 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          Your Application
        </Typography>
        <Button variant="contained" component={RouterLink} to="/dashboard">
          Back to Dashboard
        </Button>
      </Box>
    );
  }
  if (!application) return <LoadingText text={LOADING_APP} />;

  const move = (target: number) => {
    moved.current = true;
    setTab(target);
  };
  const last = REVIEW_SECTIONS.length - 1;
  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        Your Application
      </Typography>
      {application.completed ? (
        <Typography color="text.secondary">
          Submitted
          {application.submitted_at
            ? ` on ${new Date(application.submitted_at).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })}`
            : ''}
          . This is a read-only copy of what you sent.
        </Typography>
      ) : (
        <Alert severity="info" sx={{ mb: 1 }}>
          This application has not been submitted yet.{' '}
          {!application.closed && (
            <Link component={RouterLink} to="/application">
              Continue your application
            </Link>
          )}
        </Alert>
      )}
      <EligibilityNote />
      <SectionTabs
        idPrefix="review"
        labels={REVIEW_SECTIONS}
        tab={tab}
        onTab={setTab}
        headingRef={headingRef}
        footer={
          <Stack direction="row" spacing={2} sx={{ mt: 4, justifyContent: 'space-between' }}>
            {tab > 0 ? (
              <Button variant="outlined" onClick={() => move(tab - 1)}>
                Previous
              </Button>
            ) : (
              <span />
            )}
            {tab < last && (
              <Button variant="contained" onClick={() => move(tab + 1)}>
                Next
              </Button>
            )}
          </Stack>
        }
      >
        <Section tab={tab} application={application} svid={profile.svid} />
      </SectionTabs>
    </Box>
  );
}
