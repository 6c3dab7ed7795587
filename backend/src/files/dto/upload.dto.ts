import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsNotEmpty, IsOptional, IsString, Min } from 'class-validator';
import { MaxChars } from '../../common/validators/max-chars.js';
import type { CreateUploadBody, Holds, SameShape } from '@svp/domain/contract';

export class CreateUploadDto {
  @ApiProperty({ description: "The caller's own profile id." })
  @IsInt({ message: 'user_id must be a whole number' })
  @Min(1, { message: 'user_id must be a whole number' })
  user_id: number;

  @ApiProperty({ enum: ['application/pdf', 'image/jpeg'] })
  @IsString({ message: 'file_type must be text' })
  @IsNotEmpty({ message: 'file_type is required' })
  @MaxChars(100)
  file_type: string;

  @ApiPropertyOptional({
    example: 120_000,
    description: "The file's size in bytes. Required when the portal keeps proofs on S3: the upload URL only takes a file of this size.",
  })
  @IsOptional()
  @IsInt({ message: "file_size must be the file's size in bytes (a whole number)" })
  @Min(1, { message: 'file_size must be at least 1: the file is empty' })
  file_size?: number;

  @ApiPropertyOptional({ example: 'enrollment-letter.pdf' })
  @IsOptional()
  @IsString({ message: 'file_name must be text' })
  @MaxChars(255, { message: 'file_name must be at most 255 characters' })
  file_name?: string;
}

/** The contract's bodies are these DTOs' shapes (domain/src/contract/file-requests.ts). */
export type CreateUploadChecked = Holds<SameShape<CreateUploadDto, CreateUploadBody>>;
