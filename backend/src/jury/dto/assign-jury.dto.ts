import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsDefined, IsInt, IsOptional, Max, Min } from 'class-validator';
import { DEFAULT_TLS_PER_APP } from '@svp/domain';
import { EditionQueryDto } from '../../common/edition-query.js';
import type { AssignJuryBody, Holds, JuryPreviewQuery, SameShape } from '@svp/domain/contract';

const TLS_PER_APP_MESSAGE = 'TLsPerApp must be a whole number from 1 to 50';

/** POST /jury/assign-jury. */
export class AssignJuryDto {
  @ApiProperty({ example: DEFAULT_TLS_PER_APP, description: 'Team leaders per application' })
  @IsDefined({ message: 'TLsPerApp is required' })
  @IsInt({ message: TLS_PER_APP_MESSAGE })
  @Min(1, { message: TLS_PER_APP_MESSAGE })
  @Max(50, { message: TLS_PER_APP_MESSAGE })
  TLsPerApp: number;

  @ApiPropertyOptional({ description: 'Also remove every score given (default: keep them and the assignments they belong to)' })
  @IsOptional()
  @IsBoolean({ message: 'reset must be true or false' })
  reset?: boolean;

  @ApiPropertyOptional({
    description: 'Seed of the shuffle; the same seed and pool give the same assignment (default: a random one, reported back)',
  })
  @IsOptional()
  @IsInt({ message: 'seed must be a whole number from 0 to 4294967295' })
  @Min(0, { message: 'seed must be a whole number from 0 to 4294967295' })
  @Max(4294967295, { message: 'seed must be a whole number from 0 to 4294967295' })
  seed?: number;

  @ApiPropertyOptional({
    description: 'Avoid pairing a team leader with an application from their own school when possible (default true)',
  })
  @IsOptional()
  @IsBoolean({ message: 'avoidSameSchool must be true or false' })
  avoidSameSchool?: boolean;
}

/** GET /jury/preview?TLsPerApp=3. */
export class JuryPreviewQueryDto extends EditionQueryDto {
  @ApiPropertyOptional({ example: DEFAULT_TLS_PER_APP })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: TLS_PER_APP_MESSAGE })
  @Min(1, { message: TLS_PER_APP_MESSAGE })
  @Max(50, { message: TLS_PER_APP_MESSAGE })
  TLsPerApp?: number;
}

/** The contract's body and query are these DTOs' shapes (domain/src/contract/jury-requests.ts, query-requests.ts). */
export type AssignJuryChecked = Holds<SameShape<AssignJuryDto, AssignJuryBody>>;
export type JuryPreviewQueryChecked = Holds<SameShape<JuryPreviewQueryDto, JuryPreviewQuery>>;
