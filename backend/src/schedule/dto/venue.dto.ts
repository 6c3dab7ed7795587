import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { Trim } from '../../common/validators/trim.js';

/** POST /api/admin/venues */
export class CreateVenueDto {
  @ApiProperty({ maxLength: 200 })
  @Trim()
  @IsString({ message: 'name must be text' })
  @IsNotEmpty({ message: 'name is required' })
  @MaxLength(200, { message: 'name must be at most 200 characters' })
  name: string;

  @ApiPropertyOptional({ maxLength: 300 })
  @IsOptional()
  @Trim()
  @IsString({ message: 'location must be text' })
  @MaxLength(300, { message: 'location must be at most 300 characters' })
  location?: string;

  @ApiPropertyOptional({ type: [Number], description: 'Users with the Team-Leader role in charge of this venue' })
  @IsOptional()
  @IsArray({ message: 'teamLeaderIds must be a list of user ids' })
  @ArrayMaxSize(100, { message: 'teamLeaderIds can hold at most 100 ids' })
  @IsInt({ each: true, message: 'teamLeaderIds must be a list of user ids' })
  teamLeaderIds?: number[];
}

/** PUT /api/admin/venues/:id: the fields sent are changed. */
export class UpdateVenueDto {
  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @Trim()
  @IsString({ message: 'name must be text' })
  @IsNotEmpty({ message: 'name cannot be empty' })
  @MaxLength(200, { message: 'name must be at most 200 characters' })
  name?: string;

  @ApiPropertyOptional({ maxLength: 300 })
  @IsOptional()
  @Trim()
  @IsString({ message: 'location must be text' })
  @MaxLength(300, { message: 'location must be at most 300 characters' })
  location?: string;

  @ApiPropertyOptional({ type: [Number] })
  @IsOptional()
  @IsArray({ message: 'teamLeaderIds must be a list of user ids' })
  @ArrayMaxSize(100, { message: 'teamLeaderIds can hold at most 100 ids' })
  @IsInt({ each: true, message: 'teamLeaderIds must be a list of user ids' })
  teamLeaderIds?: number[];
}
