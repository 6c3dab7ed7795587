import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AuthUser } from '../common/auth-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { EditionQueryDto } from '../common/edition-query.js';
import { Public } from '../common/decorators/public.decorator.js';
import { CreateUploadDto } from './dto/upload.dto.js';
import { FilesService } from './files.service.js';
import { Answers } from '../common/decorators/answers.decorator.js';
import { Envelope, MessageOnly, ProofFile, ProofUploaded, UploadTicket } from '@svp/domain/contract';

@ApiTags('files')
@Controller('files')
export class FilesController {
  constructor(private readonly files: FilesService) {}

  /** data.url: a signed, short-lived, single-use URL to PUT the proof of enrollment to. */
  @Answers('A single-use URL to PUT a proof of enrollment to, valid ten minutes', Envelope(UploadTicket))
  @ApiBearerAuth()
  @Post('upload')
  @HttpCode(200)
  async createUpload(@CurrentUser() caller: AuthUser, @Body() body: CreateUploadDto): Promise<Envelope<UploadTicket>> {
    return { success: true, data: await this.files.createUpload(caller, body) };
  }

  /** The upload itself: the signed token in the path is the authorisation. */
  @Answers("Receives the proof's bytes (a PDF or a JPEG under 4,000,000 bytes)", Envelope(ProofUploaded))
  @Public()
  @ApiConsumes('application/octet-stream', 'application/pdf', 'image/jpeg')
  @ApiBody({
    required: true,
    description:
      'The file itself, as its bytes: a PDF or a JPEG under 4,000,000 bytes (its kind is read from the bytes, whatever the type).',
    schema: { type: 'string', format: 'binary' },
  })
  @Put('upload/:token')
  async upload(@Param('token') token: string, @Req() request: Request): Promise<Envelope<ProofUploaded>> {
    return { success: true, data: { proofOfEnrollment: await this.files.receiveUpload(token, request.body) } };
  }

  /**
   * The proof as a data URL, for its owner (by profile id, username or svid) or an administrator; an
   * administrator reads an earlier edition's with `?edition=<id>`.
   */
  @Answers('A proof of enrollment as a data URL', Envelope(ProofFile))
  @ApiBearerAuth()
  @Get(':key')
  async read(@CurrentUser() caller: AuthUser, @Param('key') key: string, @Query() query: EditionQueryDto): Promise<Envelope<ProofFile>> {
    return { success: true, data: await this.files.read(caller, key, query.edition) };
  }

  @Answers("Removes the caller's proof of enrollment", Envelope(MessageOnly))
  @ApiBearerAuth()
  @Delete(':key')
  async remove(@CurrentUser() caller: AuthUser, @Param('key') key: string): Promise<Envelope<MessageOnly>> {
    await this.files.remove(caller, key);
    return { success: true, data: { message: 'File removed' } };
  }
}
