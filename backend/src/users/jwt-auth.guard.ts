import { type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import type { AuthUser } from '../common/auth-user.js';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { IS_PUBLIC } from '../common/decorators/public.decorator.js';
import { accessTokenOf, JwtStrategy } from './jwt.strategy.js';
import { VerifiedTokens } from './verified-tokens.js';

/**
 * Global guard: every route needs a valid access token unless marked @Public(). A token is checked by
 * passport the first time; after that its signature is known good (VerifiedTokens) and only the
 * session checks run, which is most of what a schedule read at 50 clients costs otherwise.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(
    private readonly reflector: Reflector,
    private readonly strategy: JwtStrategy,
    private readonly verified: VerifiedTokens,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    const token = accessTokenOf(request);
    const claims = token ? this.verified.get(token) : undefined;
    if (!claims) return (await super.canActivate(context)) as boolean;
    request.user = await this.strategy.callerOf(claims);
    return true;
  }

  override handleRequest<TUser>(error: unknown, user: TUser, info: unknown): TUser {
    if (error) throw error;
    if (!user) {
      const reason = info as { name?: string; message?: string } | undefined;
      if (reason?.name === 'TokenExpiredError') {
        throw AppException.unauthorized('Your session has expired. Please sign in again.', ErrorCode.TokenExpired);
      }
      if (reason?.message === 'No auth token') throw AppException.unauthorized();
      throw AppException.unauthorized('Your session is not valid. Please sign in again.');
    }
    return user;
  }
}
