import { Module } from '@nestjs/common';
import { ReportsModule } from '../reports/reports.module.js';
import { AdminCertificatesController, CertificateController } from './certificates.controller.js';
import { CertificateRateLimitGuard } from './certificate-rate-limit.guard.js';
import { CertificateRenderer } from './certificate-renderer.js';
import { CertificatesService } from './certificates.service.js';

/** The certificates of service: PDF letters made from the reports' worked hours and the edition's facts. */
@Module({
  imports: [ReportsModule],
  controllers: [CertificateController, AdminCertificatesController],
  providers: [CertificatesService, CertificateRenderer, CertificateRateLimitGuard],
})
export class CertificatesModule {}
