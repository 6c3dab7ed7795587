import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { MaxChars } from '../../common/validators/max-chars.js';
import { VENUE_PREFERENCES } from '@svp/domain';
import { NullAsEmptyText, OptionalNotNull } from '../../common/validators/not-null.js';
import { Trim } from '../../common/validators/trim.js';
import type { CreateVenueBody, Holds, SameShape, UpdateVenueBody } from '@svp/domain/contract';

const VENUE_PREFERENCE_VALUES = VENUE_PREFERENCES.map((p) => p.value);

/** POST /api/admin/venues */
export class CreateVenueDto {
  @ApiProperty({ maxLength: 200 })
  @Trim()
  @IsString({ message: 'name must be text' })
  @IsNotEmpty({ message: 'name is required' })
  @MaxChars(200, { message: 'name must be at most 200 characters' })
  name: string;

  @ApiPropertyOptional({ maxLength: 300 })
  @IsOptional()
  @NullAsEmptyText()
  @Trim()
  @IsString({ message: 'location must be text' })
  @MaxChars(300, { message: 'location must be at most 300 characters' })
  location?: string | null;

  @ApiPropertyOptional({ type: [Number], description: 'Users with the Team-Leader role in charge of this venue' })
  @IsOptional()
  @IsArray({ message: 'teamLeaderIds must be a list of user ids' })
  @ArrayMaxSize(100, { message: 'teamLeaderIds can hold at most 100 ids' })
  @IsInt({ each: true, message: 'teamLeaderIds must be a list of user ids' })
  teamLeaderIds?: number[];

  @ApiPropertyOptional({ enum: VENUE_PREFERENCE_VALUES, default: 'none', description: 'The volunteer preference this venue satisfies' })
  @IsOptional()
  @IsIn(VENUE_PREFERENCE_VALUES, { message: `preference must be one of ${VENUE_PREFERENCE_VALUES.join(', ')}` })
  preference?: string;
}

/** PUT /api/admin/venues/:id: the fields sent are changed. */
export class UpdateVenueDto {
  @ApiPropertyOptional({ maxLength: 200 })
  @OptionalNotNull('name')
  @Trim()
  @IsString({ message: 'name must be text' })
  @IsNotEmpty({ message: 'name cannot be empty' })
  @MaxChars(200, { message: 'name must be at most 200 characters' })
  name?: string;

  @ApiPropertyOptional({ maxLength: 300 })
  @IsOptional()
  @NullAsEmptyText()
  @Trim()
  @IsString({ message: 'location must be text' })
  @MaxChars(300, { message: 'location must be at most 300 characters' })
  location?: string | null;

  @ApiPropertyOptional({ type: [Number] })
  @OptionalNotNull('teamLeaderIds')
  @IsArray({ message: 'teamLeaderIds must be a list of user ids' })
  @ArrayMaxSize(100, { message: 'teamLeaderIds can hold at most 100 ids' })
  @IsInt({ each: true, message: 'teamLeaderIds must be a list of user ids' })
  teamLeaderIds?: number[];

  @ApiPropertyOptional({ enum: VENUE_PREFERENCE_VALUES, default: 'none', description: 'The volunteer preference this venue satisfies' })
  @OptionalNotNull('preference')
  @IsIn(VENUE_PREFERENCE_VALUES, { message: `preference must be one of ${VENUE_PREFERENCE_VALUES.join(', ')}` })
  preference?: string;
}

/** The contract's bodies are these DTOs' shapes (domain/src/contract/schedule-requests.ts); a null location arrives as ''. */
export type CreateVenueChecked = Holds<SameShape<CreateVenueDto, CreateVenueBody>>;
export type UpdateVenueChecked = Holds<SameShape<UpdateVenueDto, UpdateVenueBody>>;
