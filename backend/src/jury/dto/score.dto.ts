import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsIn, IsInt, Max, Min } from 'class-validator';
import { ESSAY_SCORE_MAX, ESSAY_SCORE_MIN, JURY_SCORE_MESSAGES } from '@svp/domain';

const required = (field: string) => IsDefined({ message: `${field} is required` });

/** A whole number from 1 to 5, required. */
function EssayScore(field: 'essay1' | 'essay2' | 'essay3'): PropertyDecorator {
  const message = JURY_SCORE_MESSAGES[field];
  const decorators = [required(field), IsInt({ message }), Min(ESSAY_SCORE_MIN, { message }), Max(ESSAY_SCORE_MAX, { message })];
  return (target, key) => decorators.forEach((decorate) => decorate(target, key));
}

/** POST /jury/score and /jury/score/{scoreId}: the score payload (operations-area §3); all five values are required. */
export class ScoreDto {
  @ApiProperty({ description: "The team leader's profile id (the caller's own)" })
  @required('tl_id')
  @IsInt({ message: 'tl_id must be a whole number' })
  tl_id: number;

  @ApiProperty({ description: "The applicant's id (student_volunteer_id of the jury item)" })
  @required('sv_id')
  @IsInt({ message: 'sv_id must be a whole number' })
  sv_id: number;

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
