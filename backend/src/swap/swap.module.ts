import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DayExchanges } from '../schedule/day-exchanges.js';
import { ScheduleModule } from '../schedule/schedule.module.js';
import { User } from '../users/user.entity.js';
import { AdminShiftSwapsController } from './admin-shift-swaps.controller.js';
import { ShiftSwapRequest } from './shift-swap-request.entity.js';
import { SwapAcceptance } from './swap-acceptance.service.js';
import { SwapController } from './swap.controller.js';
import { SwapNotices } from './swap-notices.service.js';
import { SwapParties } from './swap-parties.service.js';
import { SwapRequestsService } from './swap-requests.service.js';
import { SwapViews } from './swap-views.service.js';
import { SwapWrites } from './swap-writes.js';
import { SwapsEnabledGuard } from './swaps-enabled.guard.js';

export const SWAP_ENTITIES = [ShiftSwapRequest];

/** Shift swapping: volunteers' requests and their atomic acceptance, and the administrators' list. */
@Module({
  imports: [TypeOrmModule.forFeature([ShiftSwapRequest, User]), ScheduleModule],
  controllers: [SwapController, AdminShiftSwapsController],
  providers: [
    SwapRequestsService,
    SwapAcceptance,
    SwapViews,
    SwapParties,
    SwapNotices,
    SwapWrites,
    SwapsEnabledGuard,
    { provide: DayExchanges, useExisting: SwapParties },
  ],
})
export class SwapModule {}
