import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { USER_ROLES, type UserRole } from '../../common/auth-user.js';
import type { Holds, SameShape, UpdateUserBody } from '@svp/domain/contract';

/** What an administrator may change on a user: the role claim and the administrator flag. */
export class UpdateUserDto {
  @ApiPropertyOptional({ enum: USER_ROLES })
  @IsOptional()
  @IsIn(USER_ROLES, { message: 'role must be Team-Leader or Student-Volunteer' })
  role?: UserRole;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'isAdmin must be true or false' })
  isAdmin?: boolean;
}

/** The contract's UpdateUserBody is this DTO's shape (domain/src/contract/user-requests.ts). */
export type UpdateUserChecked = Holds<SameShape<UpdateUserDto, UpdateUserBody>>;
