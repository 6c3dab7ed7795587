import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { type ListOf, ListParams, filterOf, setContentRange } from '../common/admin-list.js';
import type { AuthUser } from '../common/auth-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { SWAP_SORTABLE, SWAP_STATUS_FILTERS, SwapRequestsService } from './swap-requests.service.js';
import { Answers } from '../common/decorators/answers.decorator.js';
import { SwapRequest, Type } from '@svp/domain/contract';
import { idPipe } from '../common/pipes/whole-number.js';

const SWAPS_LIST = {
  sortable: SWAP_SORTABLE,
  defaultSort: { field: 'id', order: 'DESC' },
  filters: { status: filterOf.oneOf(SWAP_STATUS_FILTERS), q: filterOf.text(), id: filterOf.ids() },
} as const;

/** The shift-swaps resource of the admin panel (ra-data-simple-rest), whatever the swaps switch; cancelling is audited. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/shift-swaps')
export class AdminShiftSwapsController {
  constructor(private readonly service: SwapRequestsService) {}

  /** filter: { status?: open|accepted|declined|deleted|cancelled|superseded, q?: a volunteer on either side, id?: [ids] } */
  @Answers('Lists shift swap requests (react-admin list)', Type.Array(SwapRequest))
  @Get()
  async list(
    @ListParams(SWAPS_LIST) list: ListOf<typeof SWAPS_LIST>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SwapRequest[]> {
    const { rows, total } = await this.service.adminList(list);
    setContentRange(response, 'shift-swaps', list.offset, rows.length, total);
    return rows;
  }

  @Answers('One shift swap request', SwapRequest)
  @Get(':id')
  get(@Param('id', idPipe) id: number): Promise<SwapRequest> {
    return this.service.adminGet(id);
  }

  @Answers('Cancels an open swap request', SwapRequest)
  @Post(':id/cancel')
  @HttpCode(200)
  cancel(@Param('id', idPipe) id: number, @CurrentUser() actor: AuthUser): Promise<SwapRequest> {
    return this.service.cancel(actor, id);
  }
}
