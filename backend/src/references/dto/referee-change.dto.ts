import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsOptional, IsString } from 'class-validator';
import { MaxChars } from '../../common/validators/max-chars.js';
import { Trim } from '../../common/validators/trim.js';
import type { BounceBody, CorrectRefereeBody, Holds, ReplaceRefereeBody, SameShape } from '@svp/domain/contract';
import { REFEREE_MESSAGES } from '../references.service.js';

/** PUT /api/users/references/{slot}: another referee for one who could not be reached. */
export class ReplaceRefereeDto {
  @ApiProperty({ example: 'professor' })
  @IsDefined({ message: REFEREE_MESSAGES.referenceType })
  @IsString({ message: REFEREE_MESSAGES.referenceType })
  @MaxChars(64, { message: REFEREE_MESSAGES.referenceType })
  referenceType: string;

  @ApiProperty({ example: 'Grace' })
  @Trim()
  @IsDefined({ message: REFEREE_MESSAGES.firstName })
  @IsString({ message: REFEREE_MESSAGES.firstName })
  @MaxChars(200, { message: 'The first name can be at most 200 characters.' })
  firstName: string;

  @ApiProperty({ example: 'Hopper' })
  @Trim()
  @IsDefined({ message: REFEREE_MESSAGES.lastName })
  @IsString({ message: REFEREE_MESSAGES.lastName })
  @MaxChars(200, { message: 'The last name can be at most 200 characters.' })
  lastName: string;

  @ApiProperty({ example: 'grace@example.edu' })
  @Trim()
  @IsDefined({ message: REFEREE_MESSAGES.email })
  @IsString({ message: REFEREE_MESSAGES.email })
  @MaxChars(254, { message: REFEREE_MESSAGES.email })
  email: string;
}

/** PUT /api/admin/references/{id}: an administrator corrects the referee (the request is sent again only with `resend`). */
export class CorrectRefereeDto {
  /** react-admin sends the record's id back; it changes nothing. */
  @ApiPropertyOptional({ oneOf: [{ type: 'string' }, { type: 'integer' }], description: "The record's id, sent back; ignored." })
  @IsOptional()
  id?: string | number;

  @ApiPropertyOptional({ example: 'Grace' })
  @Trim()
  @IsOptional()
  @IsString({ message: REFEREE_MESSAGES.firstName })
  @MaxChars(200, { message: 'The first name can be at most 200 characters.' })
  firstName?: string;

  @ApiPropertyOptional({ example: 'Hopper' })
  @Trim()
  @IsOptional()
  @IsString({ message: REFEREE_MESSAGES.lastName })
  @MaxChars(200, { message: 'The last name can be at most 200 characters.' })
  lastName?: string;

  @ApiPropertyOptional({ example: 'grace@example.edu' })
  @Trim()
  @IsOptional()
  @IsString({ message: REFEREE_MESSAGES.email })
  @MaxChars(254, { message: REFEREE_MESSAGES.email })
  email?: string;
}

/** POST /api/references/bounces: a bounce reported by the mail system. */
export class BounceDto {
  @ApiProperty({ example: 'grace@example.edu' })
  @Trim()
  @IsDefined({ message: 'recipient is required: the address that bounced' })
  @IsString({ message: 'recipient must be an email address' })
  @MaxChars(254, { message: 'recipient must be an email address' })
  recipient: string;

  @ApiPropertyOptional({ example: '550 5.1.1 User unknown' })
  @IsOptional()
  @IsString({ message: 'reason must be text' })
  @MaxChars(1000, { message: 'reason can be at most 1000 characters' })
  reason?: string;
}

/** The contract's bodies are these DTOs' shapes (domain/src/contract/reference-requests.ts). */
export type ReplaceRefereeChecked = Holds<SameShape<ReplaceRefereeDto, ReplaceRefereeBody>>;
export type CorrectRefereeChecked = Holds<SameShape<CorrectRefereeDto, CorrectRefereeBody>>;
export type BounceChecked = Holds<SameShape<BounceDto, BounceBody>>;
