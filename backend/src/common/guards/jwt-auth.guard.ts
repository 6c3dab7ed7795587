import { type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { AppException, ErrorCode } from '../errors/app.exception.js';
import { IS_PUBLIC } from '../decorators/public.decorator.js';

/** Global guard: every route needs a valid access token unless marked @Public(). */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    return super.canActivate(context);
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
