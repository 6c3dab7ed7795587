import { Controller, Get, Param, ParseIntPipe, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { InjectRepository } from '@nestjs/typeorm';
import type { Response } from 'express';
import { Brackets, type Repository } from 'typeorm';
import { LIKE_ESCAPE, type ListOf, ListParams, filterOf, likePattern, setContentRange } from '../common/admin-list.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { AppException } from '../common/errors/app.exception.js';
import { User } from '../users/user.entity.js';
import { whereUserMatches } from '../users/user-search.js';
import { AuditEntry } from '../audit/audit-entry.entity.js';
import { type AuditReferences, AuditReferencesService } from './audit-references.service.js';
import { Answers } from '../common/decorators/answers.decorator.js';
import { AuditActions, AuditEntryView, Type } from '@svp/domain/contract';

const SORTABLE = ['id', 'createdAt', 'action', 'actorEmail', 'entity'] as const;
/** Who (a name or email to search, or a user's id), the action, the kind of record and its id. */
const AUDIT_LIST = {
  sortable: SORTABLE,
  defaultSort: { field: 'id', order: 'DESC' },
  filters: { actor: filterOf.textOrId(), action: filterOf.text(), entity: filterOf.text(), entityId: filterOf.textOrId() },
} as const;

/** Actors a name or email search may match at most; more would only make the query longer. */
const ACTOR_MATCHES = 1000;

function view(entry: AuditEntry, references: AuditReferences) {
  return {
    id: entry.id,
    createdAt: entry.createdAt.toISOString(),
    actorId: entry.actorId,
    actorEmail: entry.actorEmail,
    actorName: entry.actorId === null ? null : (references.users[String(entry.actorId)] ?? null),
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before,
    after: entry.after,
    references,
  };
}

/** The audit log for administrators: who, what, when, before and after, with the names its ids stand for; filterable by actor and action.
 * */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/audit')
export class AdminAuditController {
  constructor(
    @InjectRepository(AuditEntry) private readonly entries: Repository<AuditEntry>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly references: AuditReferencesService,
  ) {}

  @Answers('Lists audit entries, newest first (react-admin list)', Type.Array(AuditEntryView))
  @Get()
  async list(
    @ListParams(AUDIT_LIST) list: ListOf<typeof AUDIT_LIST>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AuditEntryView[]> {
    const { actor, action, entity, entityId } = list.filter;
    const builder = this.entries.createQueryBuilder('e');
    if (typeof actor === 'string' && actor.trim()) {
      // The actor as recorded (email), or a user whose name or email matches now.
      const named = await whereUserMatches(this.users.createQueryBuilder('u').select('u.id', 'id'), 'u', actor)
        .limit(ACTOR_MATCHES)
        .getRawMany<{ id: number | string }>();
      const ids = named.map((row) => Number(row.id));
      builder.andWhere(
        new Brackets((w) => {
          w.where(`LOWER(e.actor_email) LIKE :actor ${LIKE_ESCAPE}`, { actor: likePattern(actor) });
          if (ids.length) w.orWhere('e.actor_id IN (:...actorIds)', { actorIds: ids });
        }),
      );
    }
    if (typeof actor === 'number') builder.andWhere('e.actor_id = :actorId', { actorId: actor });
    if (typeof action === 'string' && action) builder.andWhere('e.action = :action', { action });
    if (typeof entity === 'string' && entity) builder.andWhere('e.entity = :entity', { entity });
    if (entityId !== undefined) builder.andWhere('e.entity_id = :entityId', { entityId: String(entityId) });
    const column = { id: 'e.id', createdAt: 'e.created_at', action: 'e.action', actorEmail: 'e.actor_email', entity: 'e.entity' }[
      list.sort.field as (typeof SORTABLE)[number]
    ];
    builder.orderBy(column, list.sort.order);
    // Newest first among equals; sorting by id itself must not be overridden by it.
    if (column !== 'e.id') builder.addOrderBy('e.id', 'DESC');
    const [rows, total] = await builder.skip(list.offset).take(list.limit).getManyAndCount();
    setContentRange(response, 'audit', list.offset, rows.length, total);
    const references = await this.references.referencesOf(rows);
    return rows.map((row, i) => view(row, references[i]!));
  }

  /** The distinct actions, for the filter's choices. */
  @Answers("The distinct actions, for the filter's choices", AuditActions)
  @Get('actions')
  async actions(): Promise<AuditActions> {
    const rows = await this.entries
      .createQueryBuilder('e')
      .select('DISTINCT e.action', 'action')
      .orderBy('e.action')
      .getRawMany<{ action: string }>();
    return rows.map((r) => ({ id: r.action, name: r.action }));
  }

  @Answers('One audit entry', AuditEntryView)
  @Get(':id')
  async get(
    @Param('id', new ParseIntPipe({ exceptionFactory: () => AppException.badRequest('id must be a whole number') })) id: number,
  ): Promise<AuditEntryView> {
    const entry = await this.entries.findOneBy({ id });
    if (!entry) throw AppException.notFound(`There is no audit entry ${id}.`);
    const [references] = await this.references.referencesOf([entry]);
    return view(entry, references!);
  }
}
