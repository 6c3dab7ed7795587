import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { SWAP_MESSAGES } from '@svp/domain';
import type { AuthUser } from '../common/auth-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { AcceptSwapRequestDto, CreateSwapRequestDto, DeclineSwapRequestDto, DeleteSwapRequestDto } from './dto/swap-request.dto.js';
import { SwapAcceptance } from './swap-acceptance.service.js';
import { SwapRequestsService } from './swap-requests.service.js';
import { SwapsEnabledGuard } from './swaps-enabled.guard.js';
import { Answers } from '../common/decorators/answers.decorator.js';
import { Envelope, EnvelopeWithMessage, SwapRequest, SwapRequestClosed, SwapRequests } from '@svp/domain/contract';

/**
 * The kept /schedule/swap/* calls (docs/product.md, 'The calls kept from the earlier portal'), for confirmed
 * volunteers while swapping online is on.
 */
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
  @Answers('Offers a shift to anyone, or asks one volunteer for one of theirs', EnvelopeWithMessage(SwapRequest))
  @Post('create')
  async create(@CurrentUser() caller: AuthUser, @Body() body: CreateSwapRequestDto): Promise<EnvelopeWithMessage<SwapRequest>> {
    return { success: true, data: await this.requests.create(caller, body), message: SWAP_MESSAGES.created };
  }

  @Answers('Accepts a swap request: the two shifts change hands', EnvelopeWithMessage(SwapRequestClosed))
  @Post('accept')
  @HttpCode(200)
  async accept(@CurrentUser() caller: AuthUser, @Body() body: AcceptSwapRequestDto): Promise<EnvelopeWithMessage<SwapRequestClosed>> {
    return { success: true, data: { request: await this.acceptance.accept(caller, body) }, message: SWAP_MESSAGES.accepted };
  }

  @Answers('Declines a swap request made to the caller', EnvelopeWithMessage(SwapRequestClosed))
  @Post('decline')
  @HttpCode(200)
  async decline(@CurrentUser() caller: AuthUser, @Body() body: DeclineSwapRequestDto): Promise<EnvelopeWithMessage<SwapRequestClosed>> {
    return {
      success: true,
      data: { request: await this.requests.decline(caller, body.shift_swap_request_id, body.svid) },
      message: SWAP_MESSAGES.declined,
    };
  }

  @Answers("Deletes the caller's own swap request", EnvelopeWithMessage(SwapRequestClosed))
  @Post('delete')
  @HttpCode(200)
  async remove(@CurrentUser() caller: AuthUser, @Body() body: DeleteSwapRequestDto): Promise<EnvelopeWithMessage<SwapRequestClosed>> {
    return { success: true, data: { request: await this.requests.remove(caller, body) }, message: SWAP_MESSAGES.deleted };
  }

  /** The caller's own lists: created_requests, assigned_requests, shift_requests, open_requests (with my_shift_options). */
  @Answers("The caller's swap requests, and others' open ones they could take", Envelope(SwapRequests))
  @Get(':username')
  async list(@CurrentUser() caller: AuthUser, @Param('username') username: string): Promise<Envelope<SwapRequests>> {
    return { success: true, data: await this.requests.list(caller, username) };
  }
}
