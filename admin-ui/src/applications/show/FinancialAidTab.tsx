import { APPLICATION_LABELS as L, FINANCIAL_SITUATIONS, TRANSPORTS, WORD_LIMITS } from '@svp/domain';
import { Details, Section, yesNo } from '../../common/Details';
import type { ApplicationRecord } from '../types';
import { EssayText } from './EssayText';
import { optionLabel } from './labels';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

export function FinancialAidTab({ record }: { record: ApplicationRecord }) {
  const { data } = record.application;
  return (
    <>
      <EssayText title={L.financialAidSummary} text={data.financialAidSummary} limit={WORD_LIMITS.financialAidSummary} />
      <EssayText title={L.financialAidExpenses} text={data.financialAidExpenses} />
      <Section title="Travel and situation">
        <Details
          items={[
            [L.financialSituation, (data.financialSituation ?? []).map((value) => optionLabel(FINANCIAL_SITUATIONS, value)).join('\n')],
            [L.estimatedTravelCost, typeof data.estimatedTravelCost === 'number' ? dollars.format(data.estimatedTravelCost) : ''],
            [L.primaryTransport, optionLabel(TRANSPORTS, data.primaryTransport)],
            [L.airportCode, data.airportCode],
            [L.otherTransport, data.otherTransport],
            [L.fundedTravel, yesNo(data.fundedTravel)],
          ]}
        />
      </Section>
    </>
  );
}
