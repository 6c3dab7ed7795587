import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class LoginDto {
  @ApiProperty({ example: 'ada@example.edu' })
  @IsString({ message: 'email must be text' })
  @IsNotEmpty({ message: 'Please enter your email' })
  @MaxLength(254, { message: 'email must be at most 254 characters' })
  email: string;

  @ApiProperty({ example: 'correct horse' })
  @IsString({ message: 'password must be text' })
  @IsNotEmpty({ message: 'Please enter your password' })
  @MaxLength(1024, { message: 'password must be at most 1024 characters' })
  password: string;
}
