import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Application } from '../applications/application.entity.js';
import { ScheduleModule } from '../schedule/schedule.module.js';
import {
  AdminScheduleBuildsController,
  AdminShiftCandidatesController,
  AdminShiftProposalsController,
  AdminVolunteerConstraintsController,
  AdminVolunteerPreferencesController,
} from './admin-builder.controller.js';
import { AvailabilityController, ShiftFillController } from './builder.controller.js';
import { ScheduleBuild } from './schedule-build.entity.js';
import { ScheduleBuildsService } from './schedule-builds.service.js';
import { ShiftFillService } from './shift-fill.service.js';
import { ShiftProposal } from './shift-proposal.entity.js';
import { VolunteerConstraintsService } from './volunteer-constraints.service.js';
import { VolunteerPreferencesService } from './volunteer-preferences.service.js';
import { VolunteerConstraints } from '../schedule/volunteer-constraints.entity.js';

export const BUILDER_ENTITIES = [ScheduleBuild, ShiftProposal];

/** The schedule builder: builds, fill a shift, availability, the preferences overview. */
@Module({
  imports: [TypeOrmModule.forFeature([...BUILDER_ENTITIES, VolunteerConstraints, Application]), ScheduleModule],
  controllers: [
    AdminScheduleBuildsController,
    AdminShiftCandidatesController,
    AdminShiftProposalsController,
    AdminVolunteerConstraintsController,
    AdminVolunteerPreferencesController,
    AvailabilityController,
    ShiftFillController,
  ],
  providers: [ScheduleBuildsService, ShiftFillService, VolunteerConstraintsService, VolunteerPreferencesService],
  exports: [ScheduleBuildsService],
})
export class BuilderModule {}
