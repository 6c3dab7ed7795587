import { Controller, Get, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { DataExportView, Envelope, MyData } from '@svp/domain/contract';
import type { AuthUser } from '../common/auth-user.js';
import { Answers, AnswersFile } from '../common/decorators/answers.decorator.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { wholeNumber } from '../common/pipes/whole-number.js';
import { DataExportsService } from './data-exports.service.js';

/** "My data": a person's agreements and the archive of everything the portal holds about them (docs/api.md, 'Personal data'). */
@ApiTags('users')
@ApiBearerAuth()
@Controller('users/my-data')
export class MyDataController {
  constructor(private readonly exports: DataExportsService) {}

  @Answers("The caller's agreements (document, version, when) and archives of their data", Envelope(MyData))
  @Get()
  async myData(@CurrentUser() caller: AuthUser): Promise<Envelope<MyData>> {
    return { success: true, data: await this.exports.myData(caller) };
  }

  /** Asks for an archive, prepared in the background and announced by email; one already being prepared is answered instead. */
  @Answers('Asks for an archive of everything the portal holds about the caller', Envelope(DataExportView))
  @Post('exports')
  async request(@CurrentUser() caller: AuthUser): Promise<Envelope<DataExportView>> {
    return { success: true, data: await this.exports.request(caller) };
  }

  /** The archive (ZIP: my-data.json and the caller's files), for its owner, until it expires. */
  @AnswersFile("One of the caller's archives of their data", 'application/zip')
  @ApiProduces('application/zip')
  @Get('exports/:id')
  async download(@CurrentUser() caller: AuthUser, @Param('id', wholeNumber('id')) id: number, @Res() response: Response): Promise<void> {
    const file = await this.exports.download(caller, id);
    response.setHeader('Content-Type', 'application/zip');
    response.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
    response.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
    response.setHeader('Cache-Control', 'no-store');
    response.send(file.bytes);
  }
}
