import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString } from 'class-validator';
import { MaxChars } from '../../common/validators/max-chars.js';
import type { Holds, LoginBody, SameShape } from '@svp/domain/contract';

export class LoginDto {
  @ApiProperty({ example: 'ada@example.edu' })
  @IsString({ message: 'email must be text' })
  @IsNotEmpty({ message: 'Please enter your email' })
  @MaxChars(254, { message: 'email must be at most 254 characters' })
  email: string;

  @ApiProperty({ example: 'correct horse' })
  @IsString({ message: 'password must be text' })
  @IsNotEmpty({ message: 'Please enter your password' })
  @MaxChars(1024, { message: 'password must be at most 1024 characters' })
  password: string;
}

/** The contract's LoginBody is this DTO's shape (domain/src/contract/user-requests.ts). */
export type LoginChecked = Holds<SameShape<LoginDto, LoginBody>>;
