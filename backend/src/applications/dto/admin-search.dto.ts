import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { MaxChars } from '../../common/validators/max-chars.js';
import { EditionQueryDto } from '../../common/edition-query.js';
import type { ExportApplicationsQuery, FilterApplicationsQuery, Holds, SameShape, SearchByUserBody } from '@svp/domain/contract';

const toBoolean = () =>
  Transform(({ value }) => (value === 'true' || value === true ? true : value === 'false' || value === false ? false : value));

/** POST /application/search: one criterion and the text it must contain. */
export class SearchByUserDto {
  @ApiPropertyOptional({ enum: ['email', 'firstName', 'lastName'] })
  @IsIn(['email', 'firstName', 'lastName'], { message: 'criterion must be email, firstName or lastName' })
  criterion: 'email' | 'firstName' | 'lastName';

  @ApiPropertyOptional()
  @IsString({ message: 'text must be text' })
  @MaxChars(200, { message: 'text must be at most 200 characters' })
  text: string;
}

/** GET /application/search: each filter applies only when given. */
export class FilterQueryDto extends EditionQueryDto {
  @ApiPropertyOptional() @IsOptional() @toBoolean() @IsBoolean({ message: 'completed must be true or false' }) completed?: boolean;
  @ApiPropertyOptional() @IsOptional() @toBoolean() @IsBoolean({ message: 'teamLeader must be true or false' }) teamLeader?: boolean;
  @ApiPropertyOptional() @IsOptional() @toBoolean() @IsBoolean({ message: 'financialAid must be true or false' }) financialAid?: boolean;
  @ApiPropertyOptional()
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1)
  @Max(100000)
  page?: number;
  @ApiPropertyOptional()
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1)
  @Max(500)
  limit?: number;
  @ApiPropertyOptional() @IsOptional() @toBoolean() @IsBoolean({ message: 'withData must be true or false' }) withData?: boolean;
  @ApiPropertyOptional() @IsOptional() @toBoolean() @IsBoolean({ message: 'withScores must be true or false' }) withScores?: boolean;
}

/** GET /admin/applications/export.csv: the list's filter (react-admin JSON) and the two options. */
export class ExportQueryDto extends EditionQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxChars(4000) filter?: string;
  @ApiPropertyOptional() @IsOptional() @toBoolean() @IsBoolean({ message: 'withData must be true or false' }) withData?: boolean;
  @ApiPropertyOptional() @IsOptional() @toBoolean() @IsBoolean({ message: 'withScores must be true or false' }) withScores?: boolean;
  /** The person's earlier editions: hours worked, ratings, no-shows, and where their team-leader experience comes from. */
  @ApiPropertyOptional() @IsOptional() @toBoolean() @IsBoolean({ message: 'history must be true or false' }) history?: boolean;
}

/** The contract's body and queries are these DTOs' shapes (domain/src/contract/application-requests.ts, query-requests.ts). */
export type SearchByUserChecked = Holds<SameShape<SearchByUserDto, SearchByUserBody>>;
export type FilterQueryChecked = Holds<SameShape<FilterQueryDto, FilterApplicationsQuery>>;
export type ExportQueryChecked = Holds<SameShape<ExportQueryDto, ExportApplicationsQuery>>;
