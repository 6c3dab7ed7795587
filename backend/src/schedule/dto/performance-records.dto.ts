import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsDefined, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { RATING_MAX, RATING_MIN } from '@svp/domain';

/** One volunteer's record on one shift (operations-area §3). */
export class PerformanceRecordDto {
  @ApiPropertyOptional({ nullable: true, description: 'The record id when it exists already' })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsInt({ message: 'id must be a record id or null' })
  id?: number | null;

  @ApiPropertyOptional({
    minimum: 0,
    description:
      'The version of the record the page was loaded with (0 when it had not been saved yet). When given, a save from an older version is refused with 409 STALE and the current records; left out, the save overwrites.',
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
  @MaxLength(2000, { message: 'notes must be at most 2000 characters' })
  notes?: string | null;
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
