import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsISO8601,
  IsObject,
  IsOptional,
  IsString,
  Min,
  ValidateIf,
} from 'class-validator';
import { MaxChars } from '../../common/validators/max-chars.js';
import { type AudienceNode, MESSAGE_LIMITS } from '@svp/domain';
import {
  AudienceNode as AudienceSchema,
  type AudienceBody,
  type CreateMessageBody,
  type CreateTeamMessageBody,
  type Holds,
  type MessageTextBody,
  type PreviewMessageBody,
  type RetryMessageBody,
  type SameShape,
  type TeamAudienceBody,
} from '@svp/domain/contract';
import { schemaRef } from '../../common/contract-schemas.js';

const AUDIENCE_EXAMPLE = { op: 'and', parts: [{ kind: 'confirmed' }, { kind: 'day', day: '2026-08-10', startsBefore: '12:00' }] };
const SUBJECT_TOO_LONG = `The subject can be at most ${MESSAGE_LIMITS.subject} characters.`;
const BODY_TOO_LONG = `The message can be at most ${MESSAGE_LIMITS.body} characters.`;

/** POST /api/admin/messages/audience */
export class AudienceDto {
  @ApiProperty({ allOf: [schemaRef(AudienceSchema)], example: AUDIENCE_EXAMPLE, description: 'A segment or an and/or group of segments.' })
  @IsDefined({ message: 'Choose who the message goes to.' })
  @IsObject({ message: 'The audience must be a segment or a group.' })
  audience: AudienceNode;
}

/** The text of a message: subject and Markdown body with merge fields. */
export class MessageTextDto {
  @ApiProperty({ example: 'Tomorrow morning: {nextShift}' })
  @IsDefined({ message: 'Write a subject.' })
  @IsString({ message: 'Write a subject.' })
  @MaxChars(MESSAGE_LIMITS.subject, { message: SUBJECT_TOO_LONG })
  subject: string;

  @ApiProperty({ example: 'Hi {firstName},\n\nSee you at the SV Office 30 minutes before **{nextShift}**.' })
  @IsDefined({ message: 'Write the message.' })
  @IsString({ message: 'Write the message.' })
  @MaxChars(MESSAGE_LIMITS.body, { message: BODY_TOO_LONG })
  body: string;
}

/** POST /api/admin/messages/preview */
export class PreviewMessageDto extends MessageTextDto {
  @ApiPropertyOptional({ allOf: [schemaRef(AudienceSchema)], example: AUDIENCE_EXAMPLE })
  @IsOptional()
  @IsObject({ message: 'The audience must be a segment or a group.' })
  audience?: AudienceNode;
}

/** POST /api/admin/messages */
export class CreateMessageDto extends MessageTextDto {
  @ApiProperty({ allOf: [schemaRef(AudienceSchema)], example: AUDIENCE_EXAMPLE })
  @IsDefined({ message: 'Choose who the message goes to.' })
  @IsObject({ message: 'The audience must be a segment or a group.' })
  audience: AudienceNode;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '2026-08-11T07:00:00Z',
    description: 'Also shown as a banner on the recipients’ dashboards until then.',
  })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsISO8601({ strict: true }, { message: 'bannerUntil must be a time, e.g. 2026-08-11T07:00:00Z' })
  bannerUntil?: string | null;

  @ApiPropertyOptional({
    description:
      "Urgent: also a notification on each recipient's phones, and a text message to those who gave a phone number, " +
      'consented to texts and turned texts on (each once, through the mail ledger).',
  })
  @IsOptional()
  @IsBoolean({ message: 'urgent must be true or false' })
  urgent?: boolean;
}

/** POST /api/admin/messages/{id}/retry */
export class RetryMessageDto {
  @ApiProperty({
    example: ['failed'],
    description: "'failed', and 'sending' for recipients a stopped server left mid-send (they may have received it).",
  })
  @IsArray({ message: "include must list 'failed' and/or 'sending'." })
  @ArrayMinSize(1, { message: "include must list 'failed' and/or 'sending'." })
  @ArrayMaxSize(2, { message: "include must list 'failed' and/or 'sending'." })
  @IsIn(['failed', 'sending'], { each: true, message: "include must list 'failed' and/or 'sending'." })
  include: ('failed' | 'sending')[];
}

/** A team leader's audience: the volunteers of one of their venues, of one day or one shift of it. */
export class TeamAudienceDto {
  @ApiProperty({ example: 3 })
  @IsDefined({ message: 'Pick one of your venues.' })
  @IsInt({ message: 'Pick one of your venues.' })
  @Min(1, { message: 'Pick one of your venues.' })
  venueId: number;

  @ApiPropertyOptional({ example: 41 })
  @IsOptional()
  @IsInt({ message: 'Pick a shift of the venue.' })
  @Min(1, { message: 'Pick a shift of the venue.' })
  shiftId?: number;

  @ApiPropertyOptional({ example: '2026-08-10' })
  @IsOptional()
  @IsString({ message: 'Give the day as YYYY-MM-DD.' })
  @MaxChars(10, { message: 'Give the day as YYYY-MM-DD.' })
  day?: string;
}

/** POST /api/messages/team */
export class CreateTeamMessageDto extends TeamAudienceDto {
  @ApiProperty({ example: 'Room 1 tomorrow' })
  @IsDefined({ message: 'Write a subject.' })
  @IsString({ message: 'Write a subject.' })
  @MaxChars(MESSAGE_LIMITS.subject, { message: SUBJECT_TOO_LONG })
  subject: string;

  @ApiProperty({ example: 'Hi {firstName}, meet me at the door at {nextShift}.' })
  @IsDefined({ message: 'Write the message.' })
  @IsString({ message: 'Write the message.' })
  @MaxChars(MESSAGE_LIMITS.body, { message: BODY_TOO_LONG })
  body: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: '2026-08-11T07:00:00Z' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsISO8601({ strict: true }, { message: 'bannerUntil must be a time, e.g. 2026-08-11T07:00:00Z' })
  bannerUntil?: string | null;
}

/** The contract's bodies are these DTOs' shapes (domain/src/contract/message-requests.ts). */
export type AudienceChecked = Holds<SameShape<AudienceDto, AudienceBody>>;
export type MessageTextChecked = Holds<SameShape<MessageTextDto, MessageTextBody>>;
export type PreviewMessageChecked = Holds<SameShape<PreviewMessageDto, PreviewMessageBody>>;
export type CreateMessageChecked = Holds<SameShape<CreateMessageDto, CreateMessageBody>>;
export type RetryMessageChecked = Holds<SameShape<RetryMessageDto, RetryMessageBody>>;
export type TeamAudienceChecked = Holds<SameShape<TeamAudienceDto, TeamAudienceBody>>;
export type CreateTeamMessageChecked = Holds<SameShape<CreateTeamMessageDto, CreateTeamMessageBody>>;
