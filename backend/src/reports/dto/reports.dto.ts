import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches } from 'class-validator';
import { MaxChars } from '../../common/validators/max-chars.js';
import type { Holds, LogisticsCsvQuery, SameShape } from '@svp/domain/contract';

/** GET /admin/reports/logistics.csv: `key` names one count of the totals (e.g. shirt:m, diet, passport:valid). */
export class LogisticsCsvQueryDto {
  @ApiPropertyOptional({ description: 'The key of one count; left out, the CSV holds the totals.' })
  @IsOptional()
  @IsString({ message: 'key must be the key of a count, e.g. shirt:m' })
  @MaxChars(100, { message: 'key must be the key of a count, e.g. shirt:m' })
  key?: string;

  /** An earlier edition's totals. */
  @IsOptional()
  @Matches(/^\d{1,9}$/, { message: 'edition must be an edition id' })
  edition?: string;
}

/** The contract's LogisticsCsvQuery is this DTO's shape (domain/src/contract/query-requests.ts). */
export type LogisticsCsvQueryChecked = Holds<SameShape<LogisticsCsvQueryDto, LogisticsCsvQuery>>;
