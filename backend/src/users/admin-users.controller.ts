import { Body, Controller, Get, Param, Put, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { type ListOf, ListParams, filterOf, setContentRange } from '../common/admin-list.js';
import type { AuthUser } from '../common/auth-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { AdminUsersService, USER_SORTABLE } from './admin-users.service.js';
import { UpdateUserDto } from './dto/admin-user.dto.js';
import { Answers } from '../common/decorators/answers.decorator.js';
import { AdminUser, Type } from '@svp/domain/contract';
import { idPipe } from '../common/pipes/whole-number.js';

/** A name or email to search, a role, confirmed email or not, administrator or not, or ids (react-admin's getMany). */
const USERS_LIST = {
  sortable: USER_SORTABLE,
  defaultSort: { field: 'id', order: 'ASC' },
  filters: {
    q: filterOf.text(),
    role: filterOf.oneOf(['Team-Leader', 'Student-Volunteer']),
    verified: filterOf.boolean(),
    isAdmin: filterOf.boolean(),
    id: filterOf.ids(),
  },
} as const;

/** The users resource of the admin panel (ra-data-simple-rest). */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/users')
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @Answers('Lists users (react-admin list)', Type.Array(AdminUser))
  @Get()
  async list(
    @ListParams(USERS_LIST) list: ListOf<typeof USERS_LIST>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminUser[]> {
    const { rows, total } = await this.users.list(list);
    setContentRange(response, 'users', list.offset, rows.length, total);
    return rows;
  }

  @Answers('One user', AdminUser)
  @Get(':id')
  get(@Param('id', idPipe) id: number): Promise<AdminUser> {
    return this.users.get(id);
  }

  @Answers("Changes a user's role or administrator flag", AdminUser)
  @Put(':id')
  update(@Param('id', idPipe) id: number, @Body() body: UpdateUserDto, @CurrentUser() actor: AuthUser): Promise<AdminUser> {
    return this.users.update(actor, id, body);
  }
}
