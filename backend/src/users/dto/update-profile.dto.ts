import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsEmail, IsIn, IsOptional, IsString, ValidateNested } from 'class-validator';
import { MaxChars } from '../../common/validators/max-chars.js';
import { PROFILE_LIMITS } from '@svp/domain';
import { IsTextOrTextList } from '../../common/validators/is-text-or-text-list.js';
import { Trim } from '../../common/validators/trim.js';
import type { AddressBody, Holds, SameShape, UpdateProfileBody } from '@svp/domain/contract';

const text = (field: string, max: number) => [
  IsOptional(),
  IsString({ message: `${field} must be text` }),
  MaxChars(max, { message: `${field} must be at most ${max} characters` }),
];
const apply =
  (decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) =>
    decorators.forEach((d) => d(target, key));

export class AddressDto {
  @apply(text('address1', PROFILE_LIMITS.address)) address1?: string;
  @apply(text('address2', PROFILE_LIMITS.address)) address2?: string;
  @apply(text('city', PROFILE_LIMITS.name)) city?: string;
  @apply(text('region', PROFILE_LIMITS.name)) region?: string;
  @apply(text('country', 2)) country?: string;
  @apply(text('postal_code', PROFILE_LIMITS.postalCode)) postal_code?: string;
}

/**
 * The whole profile, with the server's field names (profile.mapper.ts). Lists may be arrays or comma-
 * separated strings. What is left out is saved empty (the required ones are then refused); the
 * email is changed only when given.
 */
export class UpdateProfileDto {
  @ApiPropertyOptional() @apply(text('given_name', PROFILE_LIMITS.name)) given_name?: string;
  @ApiPropertyOptional() @apply(text('family_name', PROFILE_LIMITS.name)) family_name?: string;
  @ApiPropertyOptional() @apply(text('nickname', PROFILE_LIMITS.name)) nickname?: string;
  @ApiPropertyOptional({ description: "The caller's own SV ID; any other is refused." }) @apply(text('sv_id', 64)) sv_id?: string;

  @ApiPropertyOptional({ description: 'A new address needs current_password; it is verified again with a code, and ends the session.' })
  @IsOptional()
  @Trim()
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxChars(254, { message: 'email must be at most 254 characters' })
  email?: string;

  @ApiPropertyOptional({ description: 'The account’s password: required, and checked, only when `email` changes the address.' })
  @IsOptional()
  @IsString({ message: 'current_password must be text' })
  @MaxChars(1024, { message: 'current_password must be at most 1024 characters' })
  current_password?: string;

  @ApiPropertyOptional({ example: '2003-12-10' }) @apply(text('birthdate', 10)) birthdate?: string;

  @ApiPropertyOptional({ type: [String], example: ['she/her'] })
  @IsOptional()
  @IsTextOrTextList(PROFILE_LIMITS.list, 40)
  gender?: string | string[];

  @ApiPropertyOptional() @apply(text('gender_identity', PROFILE_LIMITS.text)) gender_identity?: string;

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsTextOrTextList(PROFILE_LIMITS.list, 40)
  underrepresented?: string | string[];

  @ApiPropertyOptional() @apply(text('underrepresented_group', PROFILE_LIMITS.text)) underrepresented_group?: string;

  @ApiPropertyOptional({ enum: ['yes', 'no', ''] })
  @IsOptional()
  @IsIn(['yes', 'no', ''], { message: 'disability must be yes or no' })
  disability?: 'yes' | 'no' | '';

  @ApiPropertyOptional() @apply(text('disability_type', PROFILE_LIMITS.text)) disability_type?: string;

  @ApiPropertyOptional({ type: AddressDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => AddressDto)
  address?: AddressDto;

  @ApiPropertyOptional({ type: [String], example: ['English'] })
  @IsOptional()
  @IsTextOrTextList(PROFILE_LIMITS.list, 60)
  languages?: string | string[];

  @ApiPropertyOptional({ example: '+1 604 555 0100' }) @apply(text('phone_number', 32)) phone_number?: string;

  @ApiPropertyOptional() @IsOptional() @IsBoolean({ message: 'can_text must be true or false' }) can_text?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean({ message: 'can_call must be true or false' }) can_call?: boolean;
}

/** The contract's AddressBody and UpdateProfileBody are these DTOs' shapes (domain/src/contract/requests.ts, user-requests.ts). */
export type AddressChecked = Holds<SameShape<AddressDto, AddressBody>>;
export type UpdateProfileChecked = Holds<SameShape<UpdateProfileDto, UpdateProfileBody>>;
