import { requiredFields } from '@svp/domain';
import { useFormikContext } from 'formik';
import type { ReactNode } from 'react';
import { RequiredFields } from '../../components/form-fields';
import { type WizardValues, answersOf, flagsOf } from './applicationForm';

/**
 * Marks the answers the application requires as they stand now with the asterisk (domain
 * requiredFields: the years only for a volunteered box, the airport code only when flying, the
 * essays of Team Leaders and the financial questions only when applied for).
 */
export function RequiredAnswers({ children }: { children: ReactNode }) {
  const { values } = useFormikContext<WizardValues>();
  return <RequiredFields names={requiredFields(answersOf(values), flagsOf(values))}>{children}</RequiredFields>;
}
