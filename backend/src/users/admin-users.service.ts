import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { isProfileComplete } from '@svp/domain';
import type { ListQuery } from '../common/admin-list.js';
import type { AuthUser, UserRole } from '../common/auth-user.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { AuditService } from '../audit/audit.service.js';
import { Clock } from '../clock/clock.js';
import { profileOf } from './profile.mapper.js';
import { User } from './user.entity.js';
import { CallerCache } from './caller-cache.js';
import { whereUserMatches } from './user-search.js';

export const USER_SORTABLE = ['id', 'email', 'firstName', 'lastName', 'svid', 'role', 'isAdmin', 'verified', 'createdAt'] as const;

/** A user as the admin panel lists it. */
export function adminUserView(user: User) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    svid: user.svid,
    username: user.username,
    role: user.role,
    isAdmin: user.isAdmin,
    verified: user.verified,
    profileComplete: isProfileComplete(profileOf(user)),
    createdAt: user.createdAt.toISOString(),
  };
}

export interface UserChange {
  role?: UserRole;
  isAdmin?: boolean;
}

@Injectable()
export class AdminUsersService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly callers: CallerCache,
  ) {}

  async list(query: ListQuery): Promise<{ rows: ReturnType<typeof adminUserView>[]; total: number }> {
    const { q, role, verified, isAdmin, id } = query.filter as {
      q?: unknown;
      role?: unknown;
      verified?: unknown;
      isAdmin?: unknown;
      id?: unknown;
    };
    const builder = this.users.createQueryBuilder('user');
    if (typeof q === 'string') whereUserMatches(builder, 'user', q);
    if (role === 'Team-Leader' || role === 'Student-Volunteer') builder.andWhere('user.role = :role', { role });
    if (typeof verified === 'boolean') builder.andWhere('user.verified = :verified', { verified });
    if (typeof isAdmin === 'boolean') builder.andWhere('user.isAdmin = :isAdmin', { isAdmin });
    // react-admin's getMany sends filter {id: [..]}.
    if (Array.isArray(id) && id.every(Number.isInteger)) builder.andWhere(id.length ? 'user.id IN (:...ids)' : '1 = 0', { ids: id });
    const [users, total] = await builder
      .orderBy(`user.${query.sort.field}`, query.sort.order)
      .addOrderBy('user.id', 'ASC')
      .skip(query.offset)
      .take(query.limit)
      .getManyAndCount();
    return { rows: users.map(adminUserView), total };
  }

  async get(id: number) {
    return adminUserView(await this.find(id));
  }

  /** Grants or removes the Team-Leader role and the administrator flag; every change is audit-logged. */
  async update(actor: AuthUser, id: number, change: UserChange) {
    const user = await this.find(id);
    if (change.isAdmin === false && user.id === actor.id) {
      throw AppException.conflict('You cannot remove your own administrator rights. Ask another administrator.', ErrorCode.OwnAdminFlag);
    }
    const before = { role: user.role, isAdmin: user.isAdmin };
    const after = { role: change.role ?? user.role, isAdmin: change.isAdmin ?? user.isAdmin };
    if (before.role !== after.role || before.isAdmin !== after.isAdmin) {
      await this.users.manager.transaction(async (manager) => {
        await manager.update(User, { id }, { ...after, updatedAt: this.clock.now() });
        await this.audit.record(actor, { action: 'user.update', entity: 'user', entityId: id, before, after }, manager);
      });
      this.callers.forget(id);
    }
    return this.get(id);
  }

  private async find(id: number): Promise<User> {
    const user = await this.users.findOneBy({ id });
    if (!user) throw AppException.notFound(`There is no user with id ${id}.`);
    return user;
  }
}
