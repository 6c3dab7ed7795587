import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsInt, IsOptional, Max, Min, ValidateIf } from 'class-validator';
import { BULK_STATUS_LIMIT } from '../admin-status.service.js';
import type { BulkStatusBody, Holds, SameShape } from '@svp/domain/contract';

/** POST /admin/applications/status: one processing status for the applications picked in the list. */
export class BulkStatusDto {
  @ApiProperty({ type: [Number], description: `Application ids, 1 to ${BULK_STATUS_LIMIT}` })
  @IsArray({ message: 'ids must be a list of application ids' })
  @ArrayMinSize(1, { message: 'Pick at least one application' })
  @ArrayMaxSize(BULK_STATUS_LIMIT, { message: `At most ${BULK_STATUS_LIMIT} applications can change at once` })
  @IsInt({ each: true, message: 'ids must be whole numbers' })
  @Min(1, { each: true, message: 'ids must be whole numbers' })
  ids: number[];

  @ApiPropertyOptional({ nullable: true, description: 'A wire id of the active catalogue (null or 0 is pending)' })
  @ValidateIf((_o, value) => value !== null)
  @IsInt({ message: 'statusId must be a whole number or null' })
  @Min(0, { message: 'statusId must be a status id of the active catalogue' })
  @Max(8, { message: 'statusId must be a status id of the active catalogue' })
  statusId: number | null;

  @ApiPropertyOptional({ description: 'With an offer: also grant the Team-Leader role to those who applied as team leaders.' })
  @IsOptional()
  @IsBoolean({ message: 'grantTeamLeader must be true or false' })
  grantTeamLeader?: boolean;
}

/** The contract's BulkStatusBody is this DTO's shape (domain/src/contract/requests.ts). */
export type BulkStatusChecked = Holds<SameShape<BulkStatusDto, BulkStatusBody>>;
