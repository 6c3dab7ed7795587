import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString } from 'class-validator';
import { MaxChars } from '../../common/validators/max-chars.js';
import { REFERENCE_DECLINE_REASON_MAX_LENGTH, REFERENCE_MESSAGES } from '@svp/domain';
import type { DeclineReferenceBody, Holds, ReferenceAnswerBody, ReferenceRatings, SameShape } from '@svp/domain/contract';

/**
 * PUT /api/referee/{token}: the referee's answer. Only the types are checked here; what is missing
 * or out of range is checked by the domain rule (validateReferenceAnswer), in the form's own words.
 */
export class ReferenceAnswerDto {
  @ApiPropertyOptional({ example: 'professor', description: 'How the referee knows the applicant (REFERENCE_RELATIONSHIPS)' })
  @IsOptional()
  @IsString({ message: REFERENCE_MESSAGES.relationship })
  @MaxChars(64, { message: REFERENCE_MESSAGES.relationship })
  relationship?: string;

  @ApiPropertyOptional({ example: '1-2-years', description: 'How long the referee has known the applicant (REFERENCE_KNOWN_FOR)' })
  @IsOptional()
  @IsString({ message: REFERENCE_MESSAGES.knownFor })
  @MaxChars(64, { message: REFERENCE_MESSAGES.knownFor })
  knownFor?: string;

  @ApiPropertyOptional({
    example: { reliability: 5, teamwork: 4, communication: null, initiative: 4 },
    description: '1 to 5 each, or null for "Cannot judge"',
  })
  @IsOptional()
  @IsObject({ message: 'ratings must be an object with reliability, teamwork, communication and initiative' })
  ratings?: Partial<ReferenceRatings>;

  @ApiPropertyOptional({ description: 'At most 300 words' })
  @IsOptional()
  @IsString({ message: REFERENCE_MESSAGES.statementMissing })
  @MaxChars(10_000, { message: 'The statement must be at most 10,000 characters.' })
  statement?: string;
}

/** POST /api/referee/{token}/decline */
export class DeclineReferenceDto {
  @ApiPropertyOptional({ maxLength: REFERENCE_DECLINE_REASON_MAX_LENGTH })
  @IsOptional()
  @IsString({ message: 'reason must be text' })
  @MaxChars(REFERENCE_DECLINE_REASON_MAX_LENGTH, { message: REFERENCE_MESSAGES.declineReasonTooLong })
  reason?: string;
}

/** The contract's bodies are these DTOs' shapes (domain/src/contract/reference-requests.ts). */
export type ReferenceAnswerChecked = Holds<SameShape<ReferenceAnswerDto, ReferenceAnswerBody>>;
export type DeclineReferenceChecked = Holds<SameShape<DeclineReferenceDto, DeclineReferenceBody>>;
