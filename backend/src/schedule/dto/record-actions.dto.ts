import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { RATING_MAX, RECORD_ACTIONS_PER_SYNC, RECORD_ACTION_KINDS, type RecordActionKind } from '@svp/domain';
import { MaxChars } from '../../common/validators/max-chars.js';
import type { Holds, RecordActionBody, SameShape, SyncRecordActionsBody } from '@svp/domain/contract';

const TIME = 'must be a time, e.g. 2026-08-10T15:00:00.000Z';

/** One tap a team leader's phone kept: check a volunteer in or out, rate them, or note something. */
export class RecordActionDto {
  @ApiProperty({ minLength: 8, maxLength: 64, description: 'Made by the phone, once per action (a UUID): the same key is judged once.' })
  @IsDefined({ message: 'key is required' })
  @IsString({ message: 'key must be text' })
  @Matches(/^[A-Za-z0-9_-]{8,64}$/, { message: 'key must be 8 to 64 letters, digits, - or _' })
  key: string;

  @ApiProperty({ enum: RECORD_ACTION_KINDS })
  @IsDefined({ message: 'kind is required' })
  @IsIn(RECORD_ACTION_KINDS, { message: `kind must be one of ${RECORD_ACTION_KINDS.join(', ')}` })
  kind: RecordActionKind;

  @ApiProperty()
  @IsDefined({ message: 'shift_id is required' })
  @IsInt({ message: 'shift_id must be a shift id' })
  shift_id: number;

  @ApiProperty()
  @IsDefined({ message: 'student_volunteer_id is required' })
  @IsInt({ message: 'student_volunteer_id must be a user id' })
  student_volunteer_id: number;

  @ApiProperty({ description: "When the team leader tapped, by the phone's clock (set from the portal's when it last answered)." })
  @IsDefined({ message: 'tapped_at is required' })
  @IsString({ message: `tapped_at ${TIME}` })
  @MaxChars(40, { message: `tapped_at ${TIME}` })
  @IsISO8601({ strict: true }, { message: `tapped_at ${TIME}` })
  tapped_at: string;

  @ApiProperty({
    minimum: 0,
    description:
      "The version of the volunteer's record the phone had when the team leader tapped (0: none saved). A record saved since by " +
      'someone else makes the action a conflict; the same author’s earlier actions do not.',
  })
  @IsDefined({ message: 'base_version is required' })
  @IsInt({ message: 'base_version must be a whole number from 0' })
  @Min(0, { message: 'base_version must be a whole number from 0' })
  base_version: number;

  @ApiPropertyOptional({ minimum: 0, maximum: RATING_MAX, description: "kind 'rating': 0 clears the rating." })
  @IsOptional()
  @IsInt({ message: `rating must be a whole number from 0 to ${RATING_MAX}` })
  @Min(0, { message: `rating must be a whole number from 0 to ${RATING_MAX}` })
  @Max(RATING_MAX, { message: `rating must be a whole number from 0 to ${RATING_MAX}` })
  rating?: number;

  @ApiPropertyOptional({ maxLength: 2000, description: "kind 'note': the notes as they should read." })
  @IsOptional()
  @IsString({ message: 'notes must be text' })
  @MaxChars(2000, { message: 'notes must be at most 2000 characters' })
  notes?: string;

  @ApiPropertyOptional({ maxLength: 200, nullable: true, description: "kind 'check-in' by a scanned code: the code as read." })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString({ message: 'code must be text' })
  @MaxChars(200, { message: 'code must be at most 200 characters' })
  code?: string | null;
}

/** POST /api/schedule/pr/sync: the actions a phone kept, oldest first. */
export class SyncRecordActionsDto {
  @ApiProperty({ description: 'When the phone sent them, by its clock: the server refuses a phone whose clock is too far off.' })
  @IsDefined({ message: 'sent_at is required' })
  @IsString({ message: `sent_at ${TIME}` })
  @MaxChars(40, { message: `sent_at ${TIME}` })
  @IsISO8601({ strict: true }, { message: `sent_at ${TIME}` })
  sent_at: string;

  @ApiProperty({ type: [RecordActionDto] })
  @IsDefined({ message: 'actions is required' })
  @IsArray({ message: 'actions must be a list' })
  @ArrayMinSize(1, { message: 'actions must hold at least one action' })
  @ArrayMaxSize(RECORD_ACTIONS_PER_SYNC, { message: `actions can hold at most ${RECORD_ACTIONS_PER_SYNC} actions` })
  @ValidateNested({ each: true })
  @Type(() => RecordActionDto)
  actions: RecordActionDto[];
}

/** The contract's bodies are these DTOs' shapes (domain/src/contract/schedule-requests.ts). */
export type RecordActionChecked = Holds<SameShape<RecordActionDto, RecordActionBody>>;
export type SyncRecordActionsChecked = Holds<SameShape<SyncRecordActionsDto, SyncRecordActionsBody>>;
