import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApplicationDataChange } from '@svp/domain/contract';
import { IsBoolean, IsObject, IsOptional, IsString } from 'class-validator';
import { MaxChars } from '../../common/validators/max-chars.js';
import { schemaRef } from '../../common/contract-schemas.js';

/**
 * POST /application/save (docs/product.md, 'The calls kept from the earlier portal'); the data object is
 * checked field by field by the domain rules.
 */
export class SaveApplicationDto {
  @ApiPropertyOptional({ description: "The caller's own SV ID; any other is refused." })
  @IsOptional()
  @IsString({ message: 'sv_id must be text' })
  @MaxChars(64)
  sv_id?: string;

  @ApiProperty({ allOf: [schemaRef(ApplicationDataChange)], description: 'The answers to change, and the step.' })
  @IsObject({ message: 'data must be an object' })
  data: Record<string, unknown>;

  @ApiPropertyOptional({ description: 'true submits the application (refused while anything is missing or over a limit)' })
  @IsOptional()
  @IsBoolean({ message: 'completed must be true or false' })
  completed?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'team_leader must be true or false' })
  team_leader?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'financial_aid must be true or false' })
  financial_aid?: boolean;

  @ApiPropertyOptional({
    description: 'The updated_at of the version this save was based on; a stale save is answered 409 with the current version.',
  })
  @IsOptional()
  @IsString({ message: 'updated_at must be text' })
  @MaxChars(40)
  updated_at?: string;
}
