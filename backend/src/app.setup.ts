import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { MAX_PROOF_BYTES } from '@svp/domain';
import type { AppConfig } from './config/app.config.js';
import { bodyGuard } from './common/middleware/body-guard.js';
import { toErrorResponse } from './common/filters/error-response.js';
import { createValidationPipe } from './common/pipes/validation.pipe.js';

export const API_PREFIX = 'api';
export const JSON_BODY_LIMIT = '1mb';
export const IMPORT_BODY_LIMIT = '5mb';
export const UPLOAD_PATH = `/${API_PREFIX}/files/upload/`;

/** Everything about the HTTP surface that main.ts and the API tests share. */
export function configureApp(app: NestExpressApplication, config: AppConfig): NestExpressApplication {
  app.set('trust proxy', 'loopback');
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // Proofs of enrollment are shown as data: or blob: PDFs and images.
          'img-src': ["'self'", 'data:', 'blob:'],
          'object-src': ["'self'", 'data:', 'blob:'],
          'frame-src': ["'self'", 'data:', 'blob:'],
          'connect-src': ["'self'"],
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.enableCors({ origin: true, exposedHeaders: ['Content-Range', 'Content-Disposition'] });
  // A schedule import carries its CSV (up to 2 MB) inside JSON, where quotes and line breaks grow when escaped.
  app.use(`/${API_PREFIX}/admin/schedule-import`, express.json({ limit: IMPORT_BODY_LIMIT }));
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT });
  app.useBodyParser('urlencoded', { extended: false, limit: JSON_BODY_LIMIT });
  app.use(bodyGuard);
  // Proof uploads arrive as raw bytes, whatever their declared type; 4,000,000 bytes and more are refused.
  const rawUpload = express.raw({ type: () => true, limit: MAX_PROOF_BYTES - 1 });
  app.use(UPLOAD_PATH, (request: Request, response: Response, next: NextFunction) =>
    request.method === 'PUT' ? rawUpload(request, response, next) : next(),
  );
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalPipes(createValidationPipe());

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('SV Portal API')
      .setDescription('Applications, jury, schedules and shift swaps of the student volunteer programme.')
      .setVersion('1.0')
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup(`${API_PREFIX}/docs`, app, document);

  serveSinglePageApp(app, '/admin', config.adminUiDir);
  serveSinglePageApp(app, '/', config.applicantUiDir);

  // Failures raised before a route runs (unreadable JSON, a body over the limit) get the same envelope.
  app.use((error: unknown, request: Request, response: Response, next: NextFunction) => {
    if (response.headersSent) return next(error);
    const { status, body } = toErrorResponse(error, request.path);
    response.status(status).json(body);
  });
  return app;
}

/** Serves a built UI under `base`, answering its index page for any unknown path without a file extension. */
function serveSinglePageApp(app: NestExpressApplication, base: string, dir: string): void {
  const index = join(dir, 'index.html');
  const router = express.Router();
  router.use(express.static(dir, { index: false, maxAge: '1h', fallthrough: true, redirect: false }));
  router.use((request: Request, response: Response, next: NextFunction) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]+$/i.test(request.path);
    if (!isPage) return next();
    if (!existsSync(index)) {
      response.status(503).type('text/plain').send(`This screen has not been built yet: run "npm run build" (looked for ${index}).`);
      return;
    }
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(index, (error) => error && next(error));
  });
  if (base === '/') {
    // The applicant app owns every path outside the API and the admin panel.
    app.use((request: Request, response: Response, next: NextFunction) => {
      if (request.path === `/${API_PREFIX}` || request.path.startsWith(`/${API_PREFIX}/`) || request.path === '/admin' || request.path.startsWith('/admin/')) {
        return next();
      }
      router(request, response, next);
    });
  } else {
    app.use(base, router);
  }
}
