import { Body, Controller, Delete, Get, Param, Post, Put, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { type ListOf, ListParams, filterOf, setContentRange } from '../common/admin-list.js';
import type { AuthUser } from '../common/auth-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { CreateVenueDto, UpdateVenueDto } from './dto/venue.dto.js';
import { VENUE_SORTABLE, VenuesService } from './venues.service.js';
import { Answers } from '../common/decorators/answers.decorator.js';
import { AdminVenue, Type } from '@svp/domain/contract';
import { idPipe } from '../common/pipes/whole-number.js';

/** A name or location to search, or ids (react-admin's getMany). */
const VENUES_LIST = {
  sortable: VENUE_SORTABLE,
  defaultSort: { field: 'id', order: 'ASC' },
  filters: { q: filterOf.text(), id: filterOf.ids() },
} as const;

/** The venues resource of the admin panel (ra-data-simple-rest); every write is audited. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/venues')
export class AdminVenuesController {
  constructor(private readonly service: VenuesService) {}

  @Answers('Lists venues (react-admin list)', Type.Array(AdminVenue))
  @Get()
  async list(
    @ListParams(VENUES_LIST) list: ListOf<typeof VENUES_LIST>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminVenue[]> {
    const { rows, total } = await this.service.list(list);
    setContentRange(response, 'venues', list.offset, rows.length, total);
    return rows;
  }

  @Answers('One venue', AdminVenue)
  @Get(':id')
  get(@Param('id', idPipe) id: number): Promise<AdminVenue> {
    return this.service.get(id);
  }

  @Answers('Creates a venue', AdminVenue)
  @Post()
  create(@Body() body: CreateVenueDto, @CurrentUser() actor: AuthUser): Promise<AdminVenue> {
    return this.service.create(actor, body);
  }

  @Answers('Changes a venue and its team leaders', AdminVenue)
  @Put(':id')
  update(@Param('id', idPipe) id: number, @Body() body: UpdateVenueDto, @CurrentUser() actor: AuthUser): Promise<AdminVenue> {
    return this.service.update(actor, id, body);
  }

  @Answers('Deletes a venue without shifts; answers it as it was', AdminVenue)
  @Delete(':id')
  remove(@Param('id', idPipe) id: number, @CurrentUser() actor: AuthUser): Promise<AdminVenue> {
    return this.service.remove(actor, id);
  }
}
