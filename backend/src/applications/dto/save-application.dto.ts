import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsObject, IsOptional, IsString } from 'class-validator';
import { MaxChars } from '../../common/validators/max-chars.js';

/** POST /application/save (applicant-area §7); the data object is checked field by field by the domain rules. */
export class SaveApplicationDto {
  @ApiPropertyOptional({ description: "The caller's own SV ID; any other is refused." })
  @IsOptional()
  @IsString({ message: 'sv_id must be text' })
  @MaxChars(64)
  sv_id?: string;

  @ApiProperty({ type: 'object', additionalProperties: true, description: 'The application data object (applicant-area §3), including step.' })
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

  @ApiPropertyOptional({ description: 'The updated_at of the version this save was based on; a stale save is answered 409 with the current version.' })
  @IsOptional()
  @IsString({ message: 'updated_at must be text' })
  @MaxChars(40)
  updated_at?: string;
}
