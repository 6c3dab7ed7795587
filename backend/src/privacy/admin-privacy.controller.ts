import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ErasureRequestView, RetentionRow, Type } from '@svp/domain/contract';
import { type ListOf, ListParams, filterOf, setContentRange } from '../common/admin-list.js';
import type { AuthUser } from '../common/auth-user.js';
import { sendsCsv } from '../common/csv.js';
import { Answers, AnswersFile } from '../common/decorators/answers.decorator.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { wholeNumber } from '../common/pipes/whole-number.js';
import { RequestErasureDto } from './dto/erasure.dto.js';
import { ErasureService } from './erasure.service.js';
import { RetentionService } from './retention.service.js';

const RETENTION_LIST = { sortable: ['dueAt'], defaultSort: { field: 'dueAt', order: 'ASC' }, filters: {} } as const;
const ERASURE_LIST = {
  sortable: ['id', 'requestedAt', 'state'],
  defaultSort: { field: 'id', order: 'DESC' },
  filters: { state: filterOf.oneOf(['requested', 'confirmed', 'cancelled']), userId: filterOf.id() },
} as const;

/** What each edition's retention settings will remove when, and what they removed (docs/decisions.md, 'How long personal data is kept'). */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/retention')
export class AdminRetentionController {
  constructor(private readonly retention: RetentionService) {}

  /** Every kind of every edition, newest edition first, each edition's kinds by their date. */
  @Answers('Lists what the retention settings remove from each edition, and when', Type.Array(RetentionRow))
  @Get()
  async list(
    @ListParams(RETENTION_LIST) list: ListOf<typeof RETENTION_LIST>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<RetentionRow[]> {
    const all = await this.retention.overview();
    const rows = all.slice(list.offset, list.offset + list.limit);
    setContentRange(response, 'retention', list.offset, rows.length, all.length);
    return rows;
  }

  /**
   * What one kind's removal would clear of an edition now, as CSV: whose each record is and the values that go (for files their
   * name, size and upload time, never the bytes). X-Total-Count says how many rows come; X-Removed-At, when the kind was already
   * removed (the file then holds only its headers, unless something of the kind came in since).
   */
  @AnswersFile('What one kind of personal data’s removal would clear of an edition now, as CSV', 'text/csv')
  @Get(':editionId/:kind/export.csv')
  async export(
    @Param('editionId', wholeNumber('editionId')) editionId: number,
    @Param('kind') kind: string,
    @CurrentUser() caller: AuthUser,
    @Res() response: Response,
  ): Promise<void> {
    // Read before the headers go out, so that a refusal (an unknown kind or edition) still has its own status.
    const csv = await this.retention.dueCsv(caller, editionId, kind);
    sendsCsv(response, csv.fileName, ['X-Total-Count', 'X-Removed-At']);
    response.setHeader('X-Total-Count', String(csv.total));
    if (csv.removedAt) response.setHeader('X-Removed-At', csv.removedAt.toISOString());
    await csv.write(response);
  }
}

/** Erasure on request: one administrator asks, another confirms (docs/decisions.md, 'Erasure on request'). */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/erasures')
export class AdminErasuresController {
  constructor(private readonly erasures: ErasureService) {}

  @Answers('Lists the erasures asked for, confirmed and cancelled', Type.Array(ErasureRequestView))
  @Get()
  async list(
    @ListParams(ERASURE_LIST) list: ListOf<typeof ERASURE_LIST>,
    @CurrentUser() caller: AuthUser,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ErasureRequestView[]> {
    const { rows, total } = await this.erasures.list(list, caller);
    setContentRange(response, 'erasures', list.offset, rows.length, total);
    return rows;
  }

  @Answers('One erasure, with what it changes (or changed)', ErasureRequestView)
  @Get(':id')
  one(@Param('id', wholeNumber('id')) id: number, @CurrentUser() caller: AuthUser): Promise<ErasureRequestView> {
    return this.erasures.get(id, caller);
  }

  /** Asks to erase a person: nothing changes until a second administrator confirms. */
  @Answers('Asks to erase a person (a second administrator confirms)', ErasureRequestView)
  @Post()
  request(@Body() body: RequestErasureDto, @CurrentUser() caller: AuthUser): Promise<ErasureRequestView> {
    return this.erasures.request(caller, body);
  }

  /** Erases the person, by another administrator than the one who asked; cannot be undone. */
  @Answers('Confirms an erasure: the person is erased and told by email', ErasureRequestView)
  @HttpCode(200)
  @Post(':id/confirm')
  confirm(@Param('id', wholeNumber('id')) id: number, @CurrentUser() caller: AuthUser): Promise<ErasureRequestView> {
    return this.erasures.confirm(caller, id);
  }

  @Answers('Cancels an erasure still waiting for confirmation', ErasureRequestView)
  @HttpCode(200)
  @Post(':id/cancel')
  cancel(@Param('id', wholeNumber('id')) id: number, @CurrentUser() caller: AuthUser): Promise<ErasureRequestView> {
    return this.erasures.cancel(caller, id);
  }
}
