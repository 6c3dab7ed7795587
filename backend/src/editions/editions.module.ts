import { Module } from '@nestjs/common';
import { ApplicationsModule } from '../applications/applications.module.js';
import { EarlierEditions } from '../applications/earlier-editions.js';
import { ReportsModule } from '../reports/reports.module.js';
import { EditionHistoryService } from './edition-history.service.js';
import { AdminEditionStatisticsController, AdminEditionsController, VolunteerHistoryController } from './editions.controller.js';
import { EditionsService } from './editions.service.js';
import { FirstEditionService } from './first-edition.service.js';

/** Editions: starting next year's, and what earlier years say about each person. */
@Module({
  imports: [ApplicationsModule, ReportsModule],
  controllers: [AdminEditionsController, AdminEditionStatisticsController, VolunteerHistoryController],
  providers: [
    EditionsService,
    EditionHistoryService,
    FirstEditionService,
    { provide: EarlierEditions, useExisting: EditionHistoryService },
  ],
  exports: [EditionHistoryService, FirstEditionService],
})
export class EditionsModule {}
