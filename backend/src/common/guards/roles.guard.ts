import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AuthUser } from '../auth-user.js';
import { AppException } from '../errors/app.exception.js';
import { ROLES, type Role } from '../decorators/roles.decorator.js';

/** Global guard: a route with @Roles() admits only callers holding one of them. */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES, [context.getHandler(), context.getClass()]);
    if (!roles?.length) return true;
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (!user) throw AppException.unauthorized();
    const allowed = roles.some((role) => (role === 'admin' ? user.isAdmin : user.role === role));
    if (!allowed) {
      throw AppException.forbidden(
        roles.includes('admin') && roles.length === 1 ? 'Only administrators can do this.' : 'Your role does not allow this.',
      );
    }
    return true;
  }
}
