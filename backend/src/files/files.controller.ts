import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AuthUser } from '../common/auth-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Public } from '../common/decorators/public.decorator.js';
import { CreateUploadDto } from './dto/upload.dto.js';
import { FilesService } from './files.service.js';

@ApiTags('files')
@Controller('files')
export class FilesController {
  constructor(private readonly files: FilesService) {}

  /** data.url: a signed, short-lived, single-use URL to PUT the proof of enrollment to. */
  @ApiBearerAuth()
  @Post('upload')
  @HttpCode(200)
  async createUpload(@CurrentUser() caller: AuthUser, @Body() body: CreateUploadDto) {
    return { success: true, data: await this.files.createUpload(caller, body) };
  }

  /** The upload itself: the signed token in the path is the authorisation. */
  @Public()
  @Put('upload/:token')
  async upload(@Param('token') token: string, @Req() request: Request) {
    return { success: true, data: { proofOfEnrollment: await this.files.receiveUpload(token, request.body) } };
  }

  /** The proof as a data URL, for its owner (by profile id, username or svid) or an administrator. */
  @ApiBearerAuth()
  @Get(':key')
  async read(@CurrentUser() caller: AuthUser, @Param('key') key: string) {
    return { success: true, data: await this.files.read(caller, key) };
  }

  @ApiBearerAuth()
  @Delete(':key')
  async remove(@CurrentUser() caller: AuthUser, @Param('key') key: string) {
    await this.files.remove(caller, key);
    return { success: true, data: { message: 'File removed' } };
  }
}
