import { Controller, Get, Param, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '../common/auth-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { EditionQueryDto } from '../common/edition-query.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { wholeNumber } from '../common/pipes/whole-number.js';
import { type CertificateFile, CertificatesService } from './certificates.service.js';
import { Answers, AnswersFile } from '../common/decorators/answers.decorator.js';
import { CertificateStatus, Envelope } from '@svp/domain/contract';
import { CertificateRateLimitGuard } from './certificate-rate-limit.guard.js';

/**
 * Sends a PDF as a download under its name. Pages that could not be drawn as typed are named in
 * X-Certificate-Fallbacks ('page 3 SV ID 123456: U+1C5A U+1C5B', separated by '; ').
 */
function sendPdf(response: Response, file: CertificateFile): void {
  response.setHeader('Content-Type', 'application/pdf');
  response.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
  if (file.fallbacks.length) {
    const pages = file.fallbacks.map((f) => `page ${f.page} SV ID ${f.svid}: ${f.error ? 'not shaped' : f.characters.join(' ')}`);
    response.setHeader('X-Certificate-Fallbacks', pages.join('; ').replace(/[^\x20-\x7e]/g, '?'));
  }
  response.setHeader('Access-Control-Expose-Headers', 'Content-Disposition, X-Certificate-Fallbacks');
  response.setHeader('Cache-Control', 'no-store');
  response.send(Buffer.from(file.bytes));
}

/** The caller's own certificate of service, once the conference is over. */
@ApiTags('certificates')
@ApiBearerAuth()
@Controller('certificate')
export class CertificateController {
  constructor(private readonly certificates: CertificatesService) {}

  /** data: whether the caller's certificate can be downloaded now, and if not, why (a sentence). */
  @Answers("Whether the caller's certificate of service can be downloaded now, and if not, why", Envelope(CertificateStatus))
  @Get('status')
  async status(@CurrentUser() caller: AuthUser): Promise<Envelope<CertificateStatus>> {
    return { success: true, data: await this.certificates.status(caller.id) };
  }

  /** The caller's certificate as a PDF (409 CERTIFICATE_NOT_YET before the conference is over; 404 NO_CERTIFICATE without a place or
   * hours). */
  @AnswersFile("The caller's certificate of service", 'application/pdf')
  @ApiProduces('application/pdf')
  @UseGuards(CertificateRateLimitGuard)
  @Get()
  async own(@CurrentUser() caller: AuthUser, @Res() response: Response): Promise<void> {
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

  /** One PDF with a page per confirmed volunteer or team leader who worked, by name (an earlier edition's with `?edition=<id>`). */
  @AnswersFile('Every certificate of service, a page per person who worked', 'application/pdf')
  @ApiProduces('application/pdf')
  @UseGuards(CertificateRateLimitGuard)
  @Get('certificates.pdf')
  async all(@Query() query: EditionQueryDto, @Res() response: Response): Promise<void> {
    sendPdf(response, await this.certificates.all(query.edition));
  }

  /** One volunteer's certificate (of an earlier edition with `?edition=<id>`). */
  @AnswersFile("One person's certificate of service", 'application/pdf')
  @ApiProduces('application/pdf')
  @UseGuards(CertificateRateLimitGuard)
  @Get('certificates/:userId.pdf')
  async one(
    @Param('userId', wholeNumber('userId')) userId: number,
    @Query() query: EditionQueryDto,
    @Res() response: Response,
  ): Promise<void> {
    sendPdf(response, await this.certificates.ofUser(userId, query.edition));
  }
}
