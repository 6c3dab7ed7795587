import { Body, Controller, Delete, Get, Param, Post, Put, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { type ListOf, ListParams, filterOf, setContentRange } from '../common/admin-list.js';
import type { AuthUser } from '../common/auth-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { CreateShiftDto, UpdateShiftDto } from './dto/shift.dto.js';
import { SHIFT_SORTABLE, ShiftsService } from './shifts.service.js';
import { Answers } from '../common/decorators/answers.decorator.js';
import { AdminShift, Type } from '@svp/domain/contract';
import { idPipe } from '../common/pipes/whole-number.js';

/** A role to search, ids (react-admin's getMany), a venue, a Pacific day. */
const SHIFTS_LIST = {
  sortable: SHIFT_SORTABLE,
  defaultSort: { field: 'id', order: 'ASC' },
  filters: { q: filterOf.text(), id: filterOf.ids(), venueId: filterOf.id(), day: filterOf.day() },
} as const;

/** The shifts resource of the admin panel (ra-data-simple-rest); every write is audited. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/shifts')
export class AdminShiftsController {
  constructor(private readonly service: ShiftsService) {}

  @Answers('Lists shifts (react-admin list)', Type.Array(AdminShift))
  @Get()
  async list(
    @ListParams(SHIFTS_LIST) list: ListOf<typeof SHIFTS_LIST>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminShift[]> {
    const { rows, total } = await this.service.list(list);
    setContentRange(response, 'shifts', list.offset, rows.length, total);
    return rows;
  }

  @Answers('One shift', AdminShift)
  @Get(':id')
  get(@Param('id', idPipe) id: number): Promise<AdminShift> {
    return this.service.get(id);
  }

  @Answers('Creates a shift', AdminShift)
  @Post()
  create(@Body() body: CreateShiftDto, @CurrentUser() actor: AuthUser): Promise<AdminShift> {
    return this.service.create(actor, body);
  }

  @Answers('Changes a shift', AdminShift)
  @Put(':id')
  update(@Param('id', idPipe) id: number, @Body() body: UpdateShiftDto, @CurrentUser() actor: AuthUser): Promise<AdminShift> {
    return this.service.update(actor, id, body);
  }

  @Answers('Deletes a shift; answers it as it was', AdminShift)
  @Delete(':id')
  remove(@Param('id', idPipe) id: number, @CurrentUser() actor: AuthUser): Promise<AdminShift> {
    return this.service.remove(actor, id);
  }
}
