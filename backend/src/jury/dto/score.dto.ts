import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsIn, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { ESSAY_SCORE_MAX, ESSAY_SCORE_MIN, JURY_SCORE_MESSAGES } from '@svp/domain';
import type { Holds, SameShape, ScoreBody } from '@svp/domain/contract';

const required = (field: string) => IsDefined({ message: `${field} is required` });
const SV_ID_MESSAGE = 'sv_id must be the student_volunteer_id of an item of your jury list';

/** A whole number from 1 to 5, required. */
function EssayScore(field: 'essay1' | 'essay2' | 'essay3'): PropertyDecorator {
  const message = JURY_SCORE_MESSAGES[field];
  const decorators = [required(field), IsInt({ message }), Min(ESSAY_SCORE_MIN, { message }), Max(ESSAY_SCORE_MAX, { message })];
  return (target, key) => decorators.forEach((decorate) => decorate(target, key));
}

/** POST /jury/score and /jury/score/{scoreId}: the score payload; all five values are required. */
export class ScoreDto {
  @ApiProperty({ description: "The team leader's profile id (the caller's own)" })
  @required('tl_id')
  @IsInt({ message: 'tl_id must be a whole number' })
  tl_id: number;

  @ApiProperty({ description: 'The student_volunteer_id of the jury item: its opaque id, not a user id' })
  @required('sv_id')
  // A number (an old client's user id) is read as text and then matches no item: 403, like any unknown id.
  @Transform(({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value))
  @IsString({ message: SV_ID_MESSAGE })
  @MaxLength(64, { message: SV_ID_MESSAGE })
  sv_id: string;

  @ApiProperty({ minimum: 1, maximum: 5 })
  @EssayScore('essay1')
  essay1: number;

  @ApiProperty({ minimum: 1, maximum: 5 })
  @EssayScore('essay2')
  essay2: number;

  @ApiProperty({ minimum: 1, maximum: 5 })
  @EssayScore('essay3')
  essay3: number;

  @ApiProperty({ enum: [0, 1], description: 'Yes = 1, No = 0' })
  @required('overall')
  @IsIn([0, 1], { message: JURY_SCORE_MESSAGES.overall })
  overall: number;

  @ApiProperty({ enum: [0, 1], description: 'No = 0, Yes = 1' })
  @required('red_flag')
  @IsIn([0, 1], { message: JURY_SCORE_MESSAGES.red_flag })
  red_flag: number;
}

/** The contract's ScoreBody is this DTO's shape (domain/src/contract/jury-requests.ts). */
export type ScoreChecked = Holds<SameShape<ScoreDto, ScoreBody>>;
