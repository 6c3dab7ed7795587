import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsInt, IsString, Matches, Min } from 'class-validator';
import { ROSTER_MESSAGES } from '@svp/domain';
import { EditionQueryDto } from '../../common/edition-query.js';
import type { Holds, RosterQuery, SameShape } from '@svp/domain/contract';

/** GET /schedule/roster?venueId=3&day=2026-08-10: one venue on one Pacific day. */
export class RosterQueryDto extends EditionQueryDto {
  @ApiProperty({ example: 3, description: 'The venue' })
  @IsDefined({ message: ROSTER_MESSAGES.badVenue })
  @Type(() => Number)
  @IsInt({ message: ROSTER_MESSAGES.badVenue })
  @Min(1, { message: ROSTER_MESSAGES.badVenue })
  venueId: number;

  @ApiProperty({ example: '2026-08-10', description: 'The Pacific day the shifts start on, YYYY-MM-DD' })
  @IsDefined({ message: ROSTER_MESSAGES.badDay })
  @IsString({ message: ROSTER_MESSAGES.badDay })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: ROSTER_MESSAGES.badDay })
  day: string;
}

/** The contract's RosterQuery is this DTO's shape (domain/src/contract/query-requests.ts). */
export type RosterQueryChecked = Holds<SameShape<RosterQueryDto, RosterQuery>>;
