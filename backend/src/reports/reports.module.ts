import { Module } from '@nestjs/common';
import { AdminReportsController } from './admin-reports.controller.js';
import { ReportsService } from './reports.service.js';

/** The organisers' reports of the week; reads the schedule, records and applications tables. Its figures also make the certificates of
 * service. */
@Module({
  controllers: [AdminReportsController],
  providers: [ReportsService],
  exports: [ReportsService],
})
export class ReportsModule {}
