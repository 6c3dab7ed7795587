import { describe, expect, it } from '@jest/globals';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AuthUser } from '../auth-user.js';
import { AppException } from '../errors/app.exception.js';
import { Roles } from '../decorators/roles.decorator.js';
import { RolesGuard } from './roles.guard.js';

class Routes {
  @Roles('Team-Leader')
  teamLeadersOnly() {}

  @Roles('admin')
  adminsOnly() {}

  @Roles('admin', 'Team-Leader')
  adminsOrTeamLeaders() {}

  anyone() {}
}

function contextFor(handler: keyof Routes, user?: Partial<AuthUser>): ExecutionContext {
  return {
    getHandler: () => Routes.prototype[handler],
    getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => ({ user }) }),
  } as unknown as ExecutionContext;
}

const volunteer: Partial<AuthUser> = { id: 1, role: 'Student-Volunteer', isAdmin: false };
const teamLeader: Partial<AuthUser> = { id: 2, role: 'Team-Leader', isAdmin: false };
const admin: Partial<AuthUser> = { id: 3, role: 'Student-Volunteer', isAdmin: true };

describe('RolesGuard', () => {
  const guard = new RolesGuard(new Reflector());

  function refusal(handler: keyof Routes, user?: Partial<AuthUser>): number | null {
    try {
      guard.canActivate(contextFor(handler, user));
      return null;
    } catch (error) {
      return (error as AppException).status;
    }
  }

  it('lets a route without @Roles through for any signed-in caller', () => {
    expect(refusal('anyone', volunteer)).toBeNull();
  });

  it('admits only the role claim a route names', () => {
    expect(refusal('teamLeadersOnly', teamLeader)).toBeNull();
    expect(refusal('teamLeadersOnly', volunteer)).toBe(403);
    expect(refusal('teamLeadersOnly', admin)).toBe(403);
  });

  it('reads "admin" as the administrator flag', () => {
    expect(refusal('adminsOnly', admin)).toBeNull();
    expect(refusal('adminsOnly', teamLeader)).toBe(403);
  });

  it('admits a caller holding any one of several roles', () => {
    expect(refusal('adminsOrTeamLeaders', admin)).toBeNull();
    expect(refusal('adminsOrTeamLeaders', teamLeader)).toBeNull();
    expect(refusal('adminsOrTeamLeaders', volunteer)).toBe(403);
  });

  it('answers 401 when nobody is signed in', () => {
    expect(refusal('adminsOnly', undefined)).toBe(401);
  });
});
