import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, ValidateIf, ValidateNested } from 'class-validator';
import { ExceptionReason } from '../../schedule/dto/shift-assignment.dto.js';
import {
  type AcceptProposalBody,
  type ProposeBody,
  type Holds,
  MAX_BUILD_SEED,
  type SameShape,
  type StartBuildBody,
  type UnavailableTime,
  type VolunteerConstraintsBody,
} from '@svp/domain/contract';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** POST /api/admin/schedule-builds: what to build. */
export class StartBuildDto {
  @ApiPropertyOptional({ type: [String], description: 'Pacific days (YYYY-MM-DD) to build; all when left out or empty' })
  @IsOptional()
  @IsArray({ message: 'days must be a list of days' })
  @ArrayMaxSize(62, { message: 'days can hold at most 62 days' })
  @Matches(DAY, { each: true, message: 'days must be days written YYYY-MM-DD' })
  days?: string[];

  @ApiPropertyOptional({ type: [Number], description: 'Venues to build; all when left out or empty' })
  @IsOptional()
  @IsArray({ message: 'venueIds must be a list of venue ids' })
  @ArrayMaxSize(1000, { message: 'venueIds can hold at most 1000 ids' })
  @IsInt({ each: true, message: 'venueIds must be a list of venue ids' })
  venueIds?: number[];

  @ApiProperty({
    enum: ['pinned', 'all'],
    description: 'Keep only pinned assignments (rebuild the rest) or every current one (fill around them)',
  })
  @IsIn(['pinned', 'all'], { message: "keep must be 'pinned' or 'all'" })
  keep: 'pinned' | 'all';

  @ApiPropertyOptional({ description: 'The same seed and data give the same schedule' })
  @IsOptional()
  @IsInt({ message: 'seed must be a whole number' })
  @Min(0, { message: 'seed must be a whole number from 0' })
  @Max(MAX_BUILD_SEED, { message: `seed must be at most ${MAX_BUILD_SEED}` })
  seed?: number;
}

export class UnavailableTimeDto {
  @ApiProperty({ example: '2026-08-09' })
  @IsString({ message: 'day must be a day written YYYY-MM-DD' })
  day: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: '13:00', description: 'Pacific time; null with `to` for the whole day' })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString({ message: 'from must be a time written HH:mm' })
  from: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '18:00' })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString({ message: 'to must be a time written HH:mm' })
  to: string | null;
}

/** PUT availability: days or hours the volunteer cannot work, a daily maximum, a minimum rest. */
export class VolunteerConstraintsDto {
  @ApiProperty({ type: [UnavailableTimeDto] })
  @IsArray({ message: 'unavailable must be a list' })
  @ArrayMaxSize(50, { message: 'List at most 50 times you cannot work.' })
  @ValidateNested({ each: true })
  @Type(() => UnavailableTimeDto)
  unavailable: UnavailableTimeDto[];

  @ApiPropertyOptional({ nullable: true, minimum: 1, maximum: 24 })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsInt({ message: 'The most hours a day must be a whole number from 1 to 24, or empty for no limit.' })
  maxHoursPerDay: number | null;

  @ApiPropertyOptional({ nullable: true, minimum: 0, maximum: 720 })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsInt({ message: 'The rest between shifts must be a whole number of minutes from 0 to 720, or empty.' })
  minRestMinutes: number | null;
}

/** POST /api/schedule/shift/:id/proposals */
export class ProposeDto {
  @ApiProperty()
  @IsInt({ message: 'volunteerId must be a user id' })
  volunteerId: number;
}

/** POST /api/admin/shift-proposals/{id}/accept: optionally, the reason for assigning them despite a rule. */
export class AcceptProposalDto {
  @ExceptionReason()
  exceptionReason?: string | null;
}

/** The contract's bodies are these DTOs' shapes (domain/src/contract/requests.ts, builder.ts, schedule-requests.ts). */
export type StartBuildChecked = Holds<SameShape<StartBuildDto, StartBuildBody>>;
export type VolunteerConstraintsChecked = Holds<SameShape<VolunteerConstraintsDto, VolunteerConstraintsBody>>;
export type AcceptProposalChecked = Holds<SameShape<AcceptProposalDto, AcceptProposalBody>>;
export type UnavailableTimeChecked = Holds<SameShape<UnavailableTimeDto, UnavailableTime>>;
export type ProposeChecked = Holds<SameShape<ProposeDto, ProposeBody>>;
