import { APPLICATION_LABELS, WORD_LIMITS } from '@svp/domain';
import type { ApplicationRecord } from '../types';
import { EssayText } from './EssayText';

export function EssaysTab({ record }: { record: ApplicationRecord }) {
  const { data } = record.application;
  return (
    <>
      {(['essay1', 'essay2', 'essay3'] as const).map((field) => (
        <EssayText key={field} title={APPLICATION_LABELS[field]} text={data[field]} limit={WORD_LIMITS[field]} />
      ))}
    </>
  );
}
