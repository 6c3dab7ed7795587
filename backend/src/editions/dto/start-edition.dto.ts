import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsDefined, IsInt, IsObject, IsOptional, Matches, Min } from 'class-validator';
import type { EditionSettings } from '@svp/domain';
import type { Holds, NextEditionQuery, SameShape, StartEditionBody } from '@svp/domain/contract';

/** POST /api/admin/editions: the new edition's settings, as edited on the form, what to copy, and who keeps the team-leader role. */
export class StartEditionDto {
  @ApiProperty({
    description:
      'The settings the new edition starts with (GET /api/admin/editions/next, edited); a field left out keeps the proposed value.',
  })
  @IsDefined({ message: 'Send the new edition’s settings.' })
  @IsObject({ message: 'The settings must be an object.' })
  settings: Partial<EditionSettings>;

  @ApiProperty({ example: true })
  @IsDefined({ message: 'Say whether the venues are copied.' })
  @IsBoolean({ message: 'copyVenues must be true or false' })
  copyVenues: boolean;

  @ApiPropertyOptional({ example: true, description: 'Copy the shifts too (with copyVenues), moved to the new dates; assignments never.' })
  @IsOptional()
  @IsBoolean({ message: 'copyShifts must be true or false' })
  copyShifts?: boolean;

  @ApiPropertyOptional({
    type: [Number],
    example: [12],
    description: "The current edition's team leaders (user ids) who keep the role in the new one; everyone else loses it.",
  })
  @IsOptional()
  @IsArray({ message: 'keepTeamLeaders must be a list of user ids' })
  @ArrayMaxSize(10_000, { message: 'keepTeamLeaders can name at most 10000 team leaders' })
  @IsInt({ each: true, message: 'keepTeamLeaders must be a list of user ids' })
  @Min(1, { each: true, message: 'keepTeamLeaders must be a list of user ids' })
  keepTeamLeaders?: number[];
}

/** GET /api/admin/editions/next: `startDate` moves every date with the conference's first day. */
export class NextEditionQueryDto {
  @ApiPropertyOptional({
    example: '2027-08-14',
    description: "The new edition's first day of service (YYYY-MM-DD): every date moves with it.",
  })
  @IsOptional()
  @Matches(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: 'startDate must be a day written YYYY-MM-DD, e.g. 2027-08-14' })
  startDate?: string;
}

/** The contract's body and query are these DTOs' shapes (domain/src/contract/edition-requests.ts, query-requests.ts). */
export type StartEditionChecked = Holds<SameShape<StartEditionDto, StartEditionBody>>;
export type NextEditionQueryChecked = Holds<SameShape<NextEditionQueryDto, NextEditionQuery>>;
