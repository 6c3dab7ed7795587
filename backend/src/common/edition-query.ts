import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import type { EditionQuery, Holds, SameShape } from '@svp/domain/contract';

/** `?edition=<id>` on an administrator's read: an earlier edition's records (read-only); the current one without it. */
export class EditionQueryDto {
  @ApiPropertyOptional({ description: 'The id of the edition to read; the current one without it.', example: '1' })
  @IsOptional()
  @Matches(/^\d{1,9}$/, { message: 'edition must be the id of an edition' })
  edition?: string;
}

/** The contract's EditionQuery is this DTO's shape (domain/src/contract/query-requests.ts). */
export type EditionQueryChecked = Holds<SameShape<EditionQueryDto, EditionQuery>>;
