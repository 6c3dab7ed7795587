import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { SWAP_MESSAGES } from '@svp/domain';
import type { AuthUser } from '../common/auth-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { AcceptSwapRequestDto, CreateSwapRequestDto, DeclineSwapRequestDto, DeleteSwapRequestDto } from './dto/swap-request.dto.js';
import { SwapAcceptance } from './swap-acceptance.service.js';
import { SwapRequestsService } from './swap-requests.service.js';
import { SwapsEnabledGuard } from './swaps-enabled.guard.js';

/** The spec's /schedule/swap/* calls (operations-area §7, swap contract), for confirmed volunteers while swapping online is on. */
@ApiTags('schedule')
@ApiBearerAuth()
@UseGuards(SwapsEnabledGuard)
@Controller('schedule/swap')
export class SwapController {
  constructor(
    private readonly requests: SwapRequestsService,
    private readonly acceptance: SwapAcceptance,
  ) {}

  /** An open request (my shift to anyone) or, with swapped_shift_id and swapped_svid, a directed one; data is the request. */
  @Post('create')
  async create(@CurrentUser() caller: AuthUser, @Body() body: CreateSwapRequestDto) {
    return { success: true, data: await this.requests.create(caller, body), message: SWAP_MESSAGES.created };
  }

  @Post('accept')
  @HttpCode(200)
  async accept(@CurrentUser() caller: AuthUser, @Body() body: AcceptSwapRequestDto) {
    return { success: true, data: { request: await this.acceptance.accept(caller, body) }, message: SWAP_MESSAGES.accepted };
  }

  @Post('decline')
  @HttpCode(200)
  async decline(@CurrentUser() caller: AuthUser, @Body() body: DeclineSwapRequestDto) {
    return { success: true, data: { request: await this.requests.decline(caller, body.shift_swap_request_id, body.svid) }, message: SWAP_MESSAGES.declined };
  }

  @Post('delete')
  @HttpCode(200)
  async remove(@CurrentUser() caller: AuthUser, @Body() body: DeleteSwapRequestDto) {
    return { success: true, data: { request: await this.requests.remove(caller, body) }, message: SWAP_MESSAGES.deleted };
  }

  /** The caller's own lists: created_requests, assigned_requests, shift_requests, open_requests (with my_shift_options). */
  @Get(':username')
  async list(@CurrentUser() caller: AuthUser, @Param('username') username: string) {
    return { success: true, data: await this.requests.list(caller, username) };
  }
}
