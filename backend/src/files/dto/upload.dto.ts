import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min } from 'class-validator';

export class CreateUploadDto {
  @ApiProperty({ description: "The caller's own profile id." })
  @IsInt({ message: 'user_id must be a whole number' })
  @Min(1, { message: 'user_id must be a whole number' })
  user_id: number;

  @ApiProperty({ enum: ['application/pdf', 'image/jpeg'] })
  @IsString({ message: 'file_type must be text' })
  @IsNotEmpty({ message: 'file_type is required' })
  @MaxLength(100)
  file_type: string;

  @ApiPropertyOptional({ example: 'enrollment-letter.pdf' })
  @IsOptional()
  @IsString({ message: 'file_name must be text' })
  @MaxLength(255, { message: 'file_name must be at most 255 characters' })
  file_name?: string;
}
