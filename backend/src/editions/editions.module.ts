import { Module } from '@nestjs/common';
import { ReportsModule } from '../reports/reports.module.js';
import { EditionHistoryService } from './edition-history.service.js';
import { AdminEditionStatisticsController, AdminEditionsController, VolunteerHistoryController } from './editions.controller.js';
import { EditionsService } from './editions.service.js';

/** Editions (#23): starting next year's, and what earlier years say about each person. */
@Module({
  imports: [ReportsModule],
  controllers: [AdminEditionsController, AdminEditionStatisticsController, VolunteerHistoryController],
  providers: [EditionsService, EditionHistoryService],
  exports: [EditionHistoryService],
})
export class EditionsModule {}
