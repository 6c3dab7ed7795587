import { Controller, Get, Param, ParseIntPipe, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { InjectRepository } from '@nestjs/typeorm';
import type { Response } from 'express';
import type { Repository } from 'typeorm';
import { LIKE_ESCAPE, ListQueryDto, likePattern, parseListQuery, setContentRange } from '../common/admin-list.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { AppException } from '../common/errors/app.exception.js';
import { AuditEntry } from './audit-entry.entity.js';

const SORTABLE = ['id', 'createdAt', 'action', 'actorEmail', 'entity'] as const;

function view(entry: AuditEntry) {
  return {
    id: entry.id,
    createdAt: entry.createdAt.toISOString(),
    actorId: entry.actorId,
    actorEmail: entry.actorEmail,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before,
    after: entry.after,
  };
}

/** The audit log for administrators: who, what, when, before and after; filterable by actor and action. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/audit')
export class AdminAuditController {
  constructor(@InjectRepository(AuditEntry) private readonly entries: Repository<AuditEntry>) {}

  @Get()
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) response: Response) {
    const list = parseListQuery(query, { sortable: SORTABLE, defaultSort: { field: 'id', order: 'DESC' } });
    const { actor, action, entity, entityId } = list.filter as Record<string, unknown>;
    const builder = this.entries.createQueryBuilder('e');
    if (typeof actor === 'string' && actor.trim()) builder.andWhere(`LOWER(e.actor_email) LIKE :actor ${LIKE_ESCAPE}`, { actor: likePattern(actor) });
    if (typeof actor === 'number') builder.andWhere('e.actor_id = :actorId', { actorId: actor });
    if (typeof action === 'string' && action) builder.andWhere('e.action = :action', { action });
    if (typeof entity === 'string' && entity) builder.andWhere('e.entity = :entity', { entity });
    if (entityId !== undefined) builder.andWhere('e.entity_id = :entityId', { entityId: String(entityId) });
    const column = { id: 'e.id', createdAt: 'e.created_at', action: 'e.action', actorEmail: 'e.actor_email', entity: 'e.entity' }[list.sort.field as (typeof SORTABLE)[number]];
    const [rows, total] = await builder.orderBy(column, list.sort.order).addOrderBy('e.id', 'DESC').skip(list.offset).take(list.limit).getManyAndCount();
    setContentRange(response, 'audit', list.offset, rows.length, total);
    return rows.map(view);
  }

  /** The distinct actions, for the filter's choices. */
  @Get('actions')
  async actions() {
    const rows = await this.entries.createQueryBuilder('e').select('DISTINCT e.action', 'action').orderBy('e.action').getRawMany<{ action: string }>();
    return rows.map((r) => ({ id: r.action, name: r.action }));
  }

  @Get(':id')
  async get(@Param('id', new ParseIntPipe({ exceptionFactory: () => AppException.badRequest('id must be a whole number') })) id: number) {
    const entry = await this.entries.findOneBy({ id });
    if (!entry) throw AppException.notFound(`There is no audit entry ${id}.`);
    return view(entry);
  }
}
