import { Body, Controller, Delete, Get, Param, Post, Put, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { type ListOf, ListParams, filterOf, setContentRange } from '../common/admin-list.js';
import type { AuthUser } from '../common/auth-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { CreateShiftAssignmentDto, UpdateShiftAssignmentDto } from './dto/shift-assignment.dto.js';
import { ASSIGNMENT_SORTABLE, ShiftAssignmentsService } from './shift-assignments.service.js';
import { Answers } from '../common/decorators/answers.decorator.js';
import { AdminShiftAssignment, Type } from '@svp/domain/contract';
import { idPipe } from '../common/pipes/whole-number.js';

/** Ids (react-admin's getMany), a shift, a volunteer. */
const ASSIGNMENTS_LIST = {
  sortable: ASSIGNMENT_SORTABLE,
  defaultSort: { field: 'id', order: 'ASC' },
  filters: { id: filterOf.ids(), shiftId: filterOf.id(), volunteerId: filterOf.id() },
} as const;

/** The shift-assignments resource of the admin panel (ra-data-simple-rest); every write is audited. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/shift-assignments')
export class AdminShiftAssignmentsController {
  constructor(private readonly service: ShiftAssignmentsService) {}

  @Answers('Lists shift assignments (react-admin list)', Type.Array(AdminShiftAssignment))
  @Get()
  async list(
    @ListParams(ASSIGNMENTS_LIST) list: ListOf<typeof ASSIGNMENTS_LIST>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminShiftAssignment[]> {
    const { rows, total } = await this.service.list(list);
    setContentRange(response, 'shift-assignments', list.offset, rows.length, total);
    return rows;
  }

  @Answers('One shift assignment', AdminShiftAssignment)
  @Get(':id')
  get(@Param('id', idPipe) id: number): Promise<AdminShiftAssignment> {
    return this.service.get(id);
  }

  @Answers("Assigns a volunteer to a shift (the volunteer's rules apply)", AdminShiftAssignment)
  @Post()
  create(@Body() body: CreateShiftAssignmentDto, @CurrentUser() actor: AuthUser): Promise<AdminShiftAssignment> {
    return this.service.create(actor, body);
  }

  @Answers('Changes or moves a shift assignment', AdminShiftAssignment)
  @Put(':id')
  update(
    @Param('id', idPipe) id: number,
    @Body() body: UpdateShiftAssignmentDto,
    @CurrentUser() actor: AuthUser,
  ): Promise<AdminShiftAssignment> {
    return this.service.update(actor, id, body);
  }

  @Answers('Removes a shift assignment; answers it as it was', AdminShiftAssignment)
  @Delete(':id')
  remove(@Param('id', idPipe) id: number, @CurrentUser() actor: AuthUser): Promise<AdminShiftAssignment> {
    return this.service.remove(actor, id);
  }
}
