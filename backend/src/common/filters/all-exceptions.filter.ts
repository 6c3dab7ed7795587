import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { toErrorResponse } from './error-response.js';

/** The single place where failures become HTTP answers. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const { status, body } = toErrorResponse(exception, request.originalUrl.split('?')[0] ?? '/');
    if (response.headersSent) {
      response.end();
      return;
    }
    response.status(status).json(body);
  }
}
