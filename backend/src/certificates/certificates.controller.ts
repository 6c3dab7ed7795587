import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '../common/auth-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { wholeNumber } from '../common/pipes/whole-number.js';
import { type CertificateFile, CertificatesService } from './certificates.service.js';

/** Sends a PDF as a download under its name. */
function sendPdf(response: Response, file: CertificateFile): void {
  response.setHeader('Content-Type', 'application/pdf');
  response.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
  response.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
  response.setHeader('Cache-Control', 'no-store');
  response.send(Buffer.from(file.bytes));
}

/** The caller's own certificate of service (#22), once the conference is over. */
@ApiTags('certificates')
@ApiBearerAuth()
@Controller('certificate')
export class CertificateController {
  constructor(private readonly certificates: CertificatesService) {}

  /** data: whether the caller's certificate can be downloaded now, and if not, why (a sentence). */
  @Get('status')
  async status(@CurrentUser() caller: AuthUser) {
    return { success: true, data: await this.certificates.status(caller.id) };
  }

  /** The caller's certificate as a PDF (409 CERTIFICATE_NOT_YET before the conference is over; 404 NO_CERTIFICATE without a place or hours). */
  @ApiProduces('application/pdf')
  @Get()
  async own(@CurrentUser() caller: AuthUser, @Res() response: Response) {
    sendPdf(response, await this.certificates.own(caller.id));
  }
}

/** Every certificate of service, or one volunteer's, for administrators. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin')
export class AdminCertificatesController {
  constructor(private readonly certificates: CertificatesService) {}

  /** One PDF with a page per confirmed volunteer or team leader who worked, by name. */
  @ApiProduces('application/pdf')
  @Get('certificates.pdf')
  async all(@Res() response: Response) {
    sendPdf(response, await this.certificates.all());
  }

  /** One volunteer's certificate. */
  @ApiProduces('application/pdf')
  @Get('certificates/:userId.pdf')
  async one(@Param('userId', wholeNumber('userId')) userId: number, @Res() response: Response) {
    sendPdf(response, await this.certificates.ofUser(userId));
  }
}
