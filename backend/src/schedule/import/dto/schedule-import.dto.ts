import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import type { Holds, SameShape, ScheduleImportBody, ScheduleImportQuery } from '@svp/domain/contract';

/** POST /api/admin/schedule-import/{shifts|assignments}: the CSV file as text (its size is checked by the service: 413). */
export class ScheduleImportDto {
  @ApiProperty({
    description: 'The CSV text, header first',
    example: 'venue,day,start,end,role,sv_slots\nRoom 1,2026-08-10,08:00,12:00,Greeter,2',
  })
  @IsString({ message: 'csv must be the text of the CSV file' })
  @IsNotEmpty({ message: 'csv is required: paste the rows or choose a file' })
  csv: string;
}

/** `?dryRun=false` writes; `true` or no parameter only checks. */
export class ScheduleImportQueryDto {
  @ApiPropertyOptional({ default: true, description: 'true (the default) checks every row and writes nothing' })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'dryRun must be true or false' })
  dryRun?: boolean;
}

/** The contract's body and query are these DTOs' shapes (domain/src/contract/schedule-requests.ts, query-requests.ts). */
export type ScheduleImportChecked = Holds<SameShape<ScheduleImportDto, ScheduleImportBody>>;
export type ScheduleImportQueryChecked = Holds<SameShape<ScheduleImportQueryDto, ScheduleImportQuery>>;
