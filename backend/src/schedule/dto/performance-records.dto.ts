import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { MaxChars } from '../../common/validators/max-chars.js';
import { RATING_MAX, RATING_MIN } from '@svp/domain';
import type { Holds, PerformanceRecordBody, SameShape, SavePerformanceRecordsBody } from '@svp/domain/contract';

/** One volunteer's record on one shift. */
export class PerformanceRecordDto {
  @ApiPropertyOptional({ nullable: true, description: 'The record id when it exists already' })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsInt({ message: 'id must be a record id or null' })
  id?: number | null;

  @ApiPropertyOptional({
    minimum: 0,
    description:
      'The version of the record the page was loaded with (0 when it had not been saved yet). ' +
      'When given, a save from an older version is refused with 409 STALE and the current records; left out, the save overwrites.',
  })
  @IsOptional()
  @IsInt({ message: 'version must be a whole number from 0' })
  @Min(0, { message: 'version must be a whole number from 0' })
  version?: number;

  @ApiProperty()
  @IsDefined({ message: 'shift_id is required' })
  @IsInt({ message: 'shift_id must be a shift id' })
  shift_id: number;

  @ApiProperty()
  @IsDefined({ message: 'student_volunteer_id is required' })
  @IsInt({ message: 'student_volunteer_id must be a user id' })
  student_volunteer_id: number;

  @ApiProperty()
  @IsDefined({ message: 'check_in is required' })
  @IsBoolean({ message: 'check_in must be true or false' })
  check_in: boolean;

  @ApiProperty()
  @IsDefined({ message: 'check_out is required' })
  @IsBoolean({ message: 'check_out must be true or false' })
  check_out: boolean;

  @ApiPropertyOptional({ minimum: RATING_MIN, maximum: RATING_MAX, nullable: true, description: '0 (or null) = not rated' })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsInt({ message: `rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}` })
  @Min(RATING_MIN, { message: `rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}` })
  @Max(RATING_MAX, { message: `rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}` })
  rating?: number | null;

  @ApiPropertyOptional({ maxLength: 2000, nullable: true })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString({ message: 'notes must be text' })
  @MaxChars(2000, { message: 'notes must be at most 2000 characters' })
  notes?: string | null;

  @ApiPropertyOptional({
    nullable: true,
    description:
      'A corrected check-in time (ISO instant). Left out or null: ticking check_in records the server time. ' +
      'A time other than the stored one needs time_note.',
  })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString({ message: 'check_in_at must be a time, e.g. 2026-08-10T15:00:00Z' })
  @MaxChars(40, { message: 'check_in_at must be a time, e.g. 2026-08-10T15:00:00Z' })
  @IsISO8601({ strict: true }, { message: 'check_in_at must be a time, e.g. 2026-08-10T15:00:00Z' })
  check_in_at?: string | null;

  @ApiPropertyOptional({ nullable: true, description: 'A corrected check-out time (ISO instant), as check_in_at.' })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString({ message: 'check_out_at must be a time, e.g. 2026-08-10T19:00:00Z' })
  @MaxChars(40, { message: 'check_out_at must be a time, e.g. 2026-08-10T19:00:00Z' })
  @IsISO8601({ strict: true }, { message: 'check_out_at must be a time, e.g. 2026-08-10T19:00:00Z' })
  check_out_at?: string | null;

  @ApiPropertyOptional({ maxLength: 500, nullable: true, description: 'Why a time is corrected; needed with a corrected time.' })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString({ message: 'time_note must be text' })
  @MaxChars(500, { message: 'time_note must be at most 500 characters' })
  time_note?: string | null;

  // What the shift detail shows of a record and a page may send back as it loaded it: read-only, ignored.
  @ApiPropertyOptional({ nullable: true, readOnly: true, description: 'Ignored (shown by the shift detail).' })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString({ message: 'check_in_by_name is shown only; send text or leave it out' })
  @MaxChars(500, { message: 'check_in_by_name is shown only; send text or leave it out' })
  check_in_by_name?: string | null;

  @ApiPropertyOptional({ nullable: true, readOnly: true, description: 'Ignored (shown by the shift detail).' })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString({ message: 'check_out_by_name is shown only; send text or leave it out' })
  @MaxChars(500, { message: 'check_out_by_name is shown only; send text or leave it out' })
  check_out_by_name?: string | null;

  @ApiPropertyOptional({ nullable: true, readOnly: true, description: 'Ignored (worked minutes, computed from the times).' })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsInt({ message: 'worked_minutes is computed; leave it out' })
  worked_minutes?: number | null;
}

/** POST /api/schedule/pr: the records of one shift, saved together. */
export class SavePerformanceRecordsDto {
  @ApiProperty({ type: [PerformanceRecordDto] })
  @IsDefined({ message: 'performance_records is required' })
  @IsArray({ message: 'performance_records must be a list' })
  @ArrayMinSize(1, { message: 'performance_records must hold at least one record' })
  @ArrayMaxSize(500, { message: 'performance_records can hold at most 500 records' })
  @ValidateNested({ each: true })
  @Type(() => PerformanceRecordDto)
  performance_records: PerformanceRecordDto[];
}

/** The contract's bodies are these DTOs' shapes (domain/src/contract/requests.ts). */
export type PerformanceRecordChecked = Holds<SameShape<PerformanceRecordDto, PerformanceRecordBody>>;
export type SavePerformanceRecordsChecked = Holds<SameShape<SavePerformanceRecordsDto, SavePerformanceRecordsBody>>;
