import { Alert, Box, Link, Typography } from '@mui/material';
import { type ProblemItem, WIZARD_STEPS } from './applicationForm';

function Items({
  items,
  currentStep,
  labels,
  onGoTo,
}: {
  items: ProblemItem[];
  currentStep: number;
  labels: readonly string[];
  onGoTo: (step: number) => void;
}) {
  return (
    <Box component="ul" sx={{ mt: 0.5, mb: 0, pl: 3 }}>
      {items.map((item) => (
        <li key={item.field}>
          {item.text}
          {item.step !== currentStep && (
            <>
              {' — '}
              <Link component="button" type="button" onClick={() => onGoTo(item.step)} sx={{ verticalAlign: 'baseline', font: 'inherit' }}>
                {labels[item.step]}
              </Link>
            </>
          )}
        </li>
      ))}
    </Box>
  );
}

/** What still stands between the application and submission, each with a way to its tab. */
export function SoCloseList({
  missing,
  overLimit,
  currentStep,
  labels = WIZARD_STEPS,
  onGoTo,
}: {
  missing: ProblemItem[];
  overLimit: ProblemItem[];
  /** Items on this tab get no link. */
  currentStep: number;
  /** The links' words, by tab. */
  labels?: readonly string[];
  onGoTo: (step: number) => void;
}) {
  if (!missing.length && !overLimit.length) return null;
  return (
    <Alert severity="warning" sx={{ mt: 3 }} data-testid="so-close" component="section" aria-labelledby="so-close-heading">
      <Typography variant="h3" id="so-close-heading" sx={{ mb: 1 }}>
        So close!
      </Typography>
      {missing.length > 0 && (
        <>
          <Typography>Before you can submit your application, please complete:</Typography>
          <Items items={missing} currentStep={currentStep} labels={labels} onGoTo={onGoTo} />
        </>
      )}
      {overLimit.length > 0 && (
        <>
          <Typography sx={{ mt: missing.length ? 1 : 0 }}>These answers are over their word limit:</Typography>
          <Items items={overLimit} currentStep={currentStep} labels={labels} onGoTo={onGoTo} />
        </>
      )}
    </Alert>
  );
}
