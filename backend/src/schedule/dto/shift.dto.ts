import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, Min, ValidateIf } from 'class-validator';
import { MaxChars } from '../../common/validators/max-chars.js';
import { MAX_SV_SLOTS, SHIFT_REQUIREMENTS, type ShiftRequirement } from '@svp/domain';
import { NullAsEmptyText, OptionalNotNull } from '../../common/validators/not-null.js';
import { Trim } from '../../common/validators/trim.js';
import type { CreateShiftBody, Holds, SameShape, UpdateShiftBody } from '@svp/domain/contract';

const LOCAL = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;
const localMessage = (field: string) => `${field} must be a Pacific local date and time, YYYY-MM-DD HH:mm`;

/** POST /api/admin/shifts: times are Pacific local "YYYY-MM-DD HH:mm". */
export class CreateShiftDto {
  @ApiProperty()
  @IsInt({ message: 'venueId must be a venue id' })
  venueId: number;

  @ApiProperty({ example: '2025-08-10 08:00' })
  @IsString({ message: localMessage('startTime') })
  @Matches(LOCAL, { message: localMessage('startTime') })
  startTime: string;

  @ApiProperty({ example: '2025-08-10 12:00' })
  @IsString({ message: localMessage('endTime') })
  @Matches(LOCAL, { message: localMessage('endTime') })
  endTime: string;

  @ApiProperty({ maxLength: 200 })
  @Trim()
  @IsString({ message: 'role must be text' })
  @IsNotEmpty({ message: 'role is required' })
  @MaxChars(200, { message: 'role must be at most 200 characters' })
  role: string;

  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @NullAsEmptyText()
  @Trim()
  @IsString({ message: 'reportTo must be text' })
  @MaxChars(200, { message: 'reportTo must be at most 200 characters' })
  reportTo?: string;

  @ApiPropertyOptional({ maxLength: 5000 })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString({ message: 'description must be text' })
  @MaxChars(5000, { message: 'description must be at most 5000 characters' })
  description?: string | null;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString({ message: 'special must be text' })
  @MaxChars(2000, { message: 'special must be at most 2000 characters' })
  special?: string | null;

  @ApiProperty({ minimum: 0, maximum: MAX_SV_SLOTS })
  @IsInt({ message: 'svSlots must be a whole number' })
  @Min(0, { message: 'svSlots cannot be negative' })
  @Max(MAX_SV_SLOTS, { message: `svSlots must be at most ${MAX_SV_SLOTS}` })
  svSlots: number;

  @ApiPropertyOptional({ default: true })
  @OptionalNotNull('swappable')
  @IsBoolean({ message: 'swappable must be true or false' })
  swappable?: boolean;

  @ApiPropertyOptional({
    enum: SHIFT_REQUIREMENTS,
    default: 'none',
    description: 'Who may take it: anyone, an experienced volunteer, or a team leader',
  })
  @OptionalNotNull('requires')
  @IsIn(SHIFT_REQUIREMENTS as unknown as string[], { message: "requires must be 'none', 'experienced' or 'team-leader'" })
  requires?: ShiftRequirement;
}

/** PUT /api/admin/shifts/:id: the fields sent are changed, each checked as on creation; null only where a shift may hold nothing. */
export class UpdateShiftDto extends PartialType(CreateShiftDto, { skipNullProperties: false }) {}

/** The contract's bodies are these DTOs' shapes (domain/src/contract/requests.ts). */
export type CreateShiftChecked = Holds<SameShape<CreateShiftDto, CreateShiftBody>>;
export type UpdateShiftChecked = Holds<SameShape<UpdateShiftDto, UpdateShiftBody>>;
