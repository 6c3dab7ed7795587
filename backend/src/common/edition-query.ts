import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';

/** `?edition=<id>` on an administrator's read: an earlier edition's records (read-only); the current one without it. */
export class EditionQueryDto {
  @ApiPropertyOptional({ description: 'The id of the edition to read; the current one without it.', example: '1' })
  @IsOptional()
  @Matches(/^\d{1,9}$/, { message: 'edition must be the id of an edition' })
  edition?: string;
}
