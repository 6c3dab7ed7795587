import { type ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { AppException } from '../../common/errors/app.exception.js';
import { CALENDAR_MESSAGES } from './calendar-feeds.service.js';

/**
 * Lets a feed through with either its ?token= (checked by the service: calendar apps cannot send
 * headers) or a normal access token, checked by the same JWT strategy as every other route.
 */
@Injectable()
export class CalendarReaderGuard extends AuthGuard('jwt') {
  override canActivate(context: ExecutionContext) {
    const request = context.switchToHttp().getRequest<Request>();
    if (request.query.token !== undefined) return true;
    return super.canActivate(context);
  }

  override handleRequest<TUser>(error: unknown, user: TUser, info: unknown): TUser {
    if (error) throw error;
    if (!user) {
      const reason = info as { message?: string } | undefined;
      if (reason?.message === 'No auth token') throw AppException.unauthorized(CALENDAR_MESSAGES.noCredentials);
      throw AppException.unauthorized('Your session is not valid. Please sign in again.');
    }
    return user;
  }
}
