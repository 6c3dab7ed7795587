import { APPLICATION_LABELS, WORD_LIMITS } from '@svp/domain';
import type { ApplicationRecord } from '../types';
import { EssayText } from './EssayText';

export function TeamLeaderTab({ record }: { record: ApplicationRecord }) {
  const { data } = record.application;
  return (
    <>
      {(['teamLeaderEssay1', 'teamLeaderEssay2'] as const).map((field) => (
        <EssayText key={field} title={APPLICATION_LABELS[field]} text={data[field]} limit={WORD_LIMITS[field]} />
      ))}
      {/* An earlier edition asked a third team-leader essay. */}
      {typeof data.teamLeaderEssay3 === 'string' && data.teamLeaderEssay3 !== '' && (
        <EssayText title="Team Leader Essay 3 (earlier edition)" text={data.teamLeaderEssay3} />
      )}
    </>
  );
}
