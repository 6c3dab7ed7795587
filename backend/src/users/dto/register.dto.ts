import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PASSWORD_MIN_LENGTH } from '@svp/domain';
import { Trim } from '../../common/validators/trim.js';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MinLength } from 'class-validator';
import { MaxChars } from '../../common/validators/max-chars.js';
import type {
  ChangePasswordBody,
  ConfirmRegistrationBody,
  EmailBody,
  Holds,
  RegisterBody,
  ResetTokenBody,
  SameShape,
} from '@svp/domain/contract';

export class RegisterDto {
  @ApiProperty({ example: 'Ada' })
  @IsString({ message: 'first_name must be text' })
  @IsNotEmpty({ message: 'Please enter your first name' })
  @MaxChars(100, { message: 'first_name must be at most 100 characters' })
  first_name: string;

  @ApiProperty({ example: 'Lovelace' })
  @IsString({ message: 'last_name must be text' })
  @IsNotEmpty({ message: 'Please enter your last name' })
  @MaxChars(100, { message: 'last_name must be at most 100 characters' })
  last_name: string;

  @ApiProperty({ example: 'ada@example.edu' })
  @Trim()
  @IsString({ message: 'email must be text' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxChars(254, { message: 'email must be at most 254 characters' })
  email: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH })
  @IsString({ message: 'password must be text' })
  @MinLength(PASSWORD_MIN_LENGTH, { message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  @MaxChars(1024, { message: 'password must be at most 1024 characters' })
  password: string;

  @ApiPropertyOptional({ description: 'A client-made SV ID; used only if well-formed and unused, otherwise the server makes one.' })
  @IsOptional()
  @IsString({ message: 'svid must be text' })
  @MaxChars(64, { message: 'svid must be at most 64 characters' })
  svid?: string;
}

export class EmailDto {
  @ApiProperty({ example: 'ada@example.edu' })
  @Trim()
  @IsString({ message: 'email must be text' })
  @IsNotEmpty({ message: 'Please enter your email' })
  @MaxChars(254, { message: 'email must be at most 254 characters' })
  email: string;
}

export class ConfirmRegistrationDto extends EmailDto {
  @ApiProperty({ example: '123456' })
  @IsString({ message: 'code must be text' })
  @IsNotEmpty({ message: 'Please enter the code from the email' })
  @MaxChars(12, { message: 'code must be at most 12 characters' })
  code: string;
}

/** A reset link's token, checked without being used (missing is refused by the check, with the link's own message). */
export class ResetTokenDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'token must be text' })
  @MaxChars(2048, { message: 'token must be at most 2048 characters' })
  token?: string;
}

/** Either the reset link's token, or the email with the mailed code; and the new password. */
export class ChangePasswordDto extends ResetTokenDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'email must be text' })
  @MaxChars(254, { message: 'email must be at most 254 characters' })
  email?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'code must be text' })
  @MaxChars(12, { message: 'code must be at most 12 characters' })
  code?: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH })
  @IsString({ message: 'password must be text' })
  @MinLength(PASSWORD_MIN_LENGTH, { message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  @MaxChars(1024, { message: 'password must be at most 1024 characters' })
  password: string;
}

/** The contract's bodies are these DTOs' shapes (domain/src/contract/user-requests.ts). */
export type RegisterChecked = Holds<SameShape<RegisterDto, RegisterBody>>;
export type EmailChecked = Holds<SameShape<EmailDto, EmailBody>>;
export type ConfirmRegistrationChecked = Holds<SameShape<ConfirmRegistrationDto, ConfirmRegistrationBody>>;
export type ResetTokenChecked = Holds<SameShape<ResetTokenDto, ResetTokenBody>>;
export type ChangePasswordChecked = Holds<SameShape<ChangePasswordDto, ChangePasswordBody>>;
