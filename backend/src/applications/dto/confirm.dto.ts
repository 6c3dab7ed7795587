import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString } from 'class-validator';
import { MaxChars } from '../../common/validators/max-chars.js';
import { PRECONFERENCE_START_TIMES } from '@svp/domain';
import type { ConfirmBody, DeclineBody, Holds, SameShape } from '@svp/domain/contract';

const flag = (name: string) => [IsOptional(), IsBoolean({ message: `${name} must be true or false` })];
const apply =
  (decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) =>
    decorators.forEach((d) => d(target, key));

/**
 * The confirmation form plus sv_id. Every answer is optional here so the required ones are reported
 * in their fixed order, with the five kept messages, by the domain rule (docs/product.md, 'Confirmation').
 */
export class ConfirmDto {
  @ApiPropertyOptional() @IsOptional() @IsString({ message: 'sv_id must be text' }) @MaxChars(64) sv_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString({ message: 'passportStatus must be text' }) @MaxChars(32) passportStatus?: string;
  @ApiPropertyOptional() @IsOptional() @IsString({ message: 'shirtSize must be text' }) @MaxChars(8) shirtSize?: string;
  @ApiPropertyOptional() @apply(flag('diet')) diet?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString({ message: 'dietRestrictions must be text' }) @MaxChars(1000) dietRestrictions?: string;
  @ApiPropertyOptional() @apply(flag('emailConsent')) emailConsent?: boolean;
  @ApiPropertyOptional() @apply(flag('photoConsent')) photoConsent?: boolean;
  @ApiPropertyOptional() @apply(flag('wantsMembership')) wantsMembership?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString({ message: 'additionalInfo must be text' }) @MaxChars(2000) additionalInfo?: string;
  @ApiPropertyOptional() @apply(flag('priorSv')) priorSv?: boolean;
  @ApiPropertyOptional() @apply(flag('preconfShifts')) preconfShifts?: boolean;
  @ApiPropertyOptional({ enum: ['friday', 'saturday'] })
  @IsOptional()
  @IsIn(['friday', 'saturday'], { message: 'preconfStart must be friday or saturday' })
  preconfStart?: 'friday' | 'saturday';
  @ApiPropertyOptional({ example: '12:00' })
  @IsOptional()
  @IsIn(PRECONFERENCE_START_TIMES as string[], { message: 'preconfStartTime must be a time from 07:00 to 19:00 on the half hour' })
  preconfStartTime?: string;
  @ApiPropertyOptional() @apply(flag('artGallery')) artGallery?: boolean;
  @ApiPropertyOptional() @apply(flag('labs')) labs?: boolean;
  @ApiPropertyOptional() @apply(flag('pavillion')) pavillion?: boolean;
  @ApiPropertyOptional() @apply(flag('inPerson')) inPerson?: boolean;
}

export class DeclineDto {
  @ApiPropertyOptional() @IsOptional() @IsString({ message: 'sv_id must be text' }) @MaxChars(64) sv_id?: string;
}

/** The contract's bodies are these DTOs' shapes (domain/src/contract/application-requests.ts). */
export type ConfirmChecked = Holds<SameShape<ConfirmDto, ConfirmBody>>;
export type DeclineChecked = Holds<SameShape<DeclineDto, DeclineBody>>;
