import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { MAX_PROOF_BYTES } from '@svp/domain';
import type { AppConfig } from './config/app.config.js';
import { beforeBody } from './common/middleware/before-body.js';
import { bodyGuard } from './common/middleware/body-guard.js';
import { builtFiles } from './common/middleware/built-ui.js';
import { IndexPages } from './common/middleware/index-page.js';
import { toErrorResponse } from './common/filters/error-response.js';
import { createValidationPipe } from './common/pipes/validation.pipe.js';
import { FilesService } from './files/files.service.js';
import { buildApiDocument } from './openapi/api-document.js';
import { RequestAuthentication } from './users/request-authentication.js';

export const API_PREFIX = 'api';
export const JSON_BODY_LIMIT = '1mb';
export const IMPORT_BODY_LIMIT = '5mb';
export const UPLOAD_PATH = `/${API_PREFIX}/files/upload/`;
/** API answers smaller than this go as they are: compressing them saves less than it costs. */
export const API_COMPRESSION_THRESHOLD = 1024;

/**
 * The API's JSON answers of 1 KB and more are gzip'd (or brotli'd) for a client that asks for it:
 * a phone's settings, application and lists arrive in a fraction of the bytes. Only JSON: the CSV
 * exports are written as they go, and compressing them would hold their rows back in zlib's buffer
 * (the download's progress would stall), and files are sent as stored.
 */
function compressJson(request: Request, response: Response): boolean {
  const type = response.getHeader('Content-Type');
  return typeof type === 'string' && /^application\/json\b/i.test(type) && compression.filter(request, response);
}

/** Everything about the HTTP surface that main.ts and the API tests share. */
export function configureApp(app: NestExpressApplication, config: AppConfig): NestExpressApplication {
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // Proofs of enrollment are shown as data: or blob: images, and as blob: PDFs in an <object> (nothing else is embedded).
          'img-src': ["'self'", 'data:', 'blob:'],
          'object-src': ['blob:'],
          'frame-src': ["'self'", 'data:', 'blob:'],
          'connect-src': ["'self'"],
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.enableCors({ origin: config.corsOrigins, exposedHeaders: ['Content-Range', 'Content-Disposition'] });
  app.use(`/${API_PREFIX}`, compression({ threshold: API_COMPRESSION_THRESHOLD, filter: compressJson }));
  // The two large bodies are read only once their sender is known: an administrator's import, an upload's signed link.
  const authentication = app.get(RequestAuthentication, { strict: false });
  const files = app.get(FilesService, { strict: false });
  app.use(
    `/${API_PREFIX}/admin/schedule-import`,
    beforeBody((request) => authentication.administrator(request)),
  );
  app.use(
    UPLOAD_PATH,
    beforeBody((request) => files.checkUploadToken(request.path.slice(1)), ['PUT']),
  );
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

  // API_DOCS=false leaves /api/docs and /api/docs-json out (a production that does not publish its API).
  if (config.apiDocs) SwaggerModule.setup(`${API_PREFIX}/docs`, app, buildApiDocument(app));

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

/**
 * Serves a built UI under `base` (precompressed, fingerprinted assets cached for a year: see
 * common/middleware/built-ui.ts), answering its index page, never cached, for any unknown path
 * without a file extension, with the opened page's code named for preloading (index-page.ts).
 */
function serveSinglePageApp(app: NestExpressApplication, base: string, dir: string): void {
  const index = join(dir, 'index.html');
  const indexPages = new IndexPages(dir);
  const router = express.Router();
  router.use(builtFiles(dir));
  router.use((request: Request, response: Response, next: NextFunction) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]+$/i.test(request.path);
    if (!isPage) return next();
    if (!existsSync(index)) {
      response.status(503).type('text/plain').send(`This screen has not been built yet: run "npm run build" (looked for ${index}).`);
      return;
    }
    indexPages.send(request, response, next);
  });
  if (base === '/') {
    // The applicant app owns every path outside the API and the admin panel.
    app.use((request: Request, response: Response, next: NextFunction) => {
      if (
        request.path === `/${API_PREFIX}` ||
        request.path.startsWith(`/${API_PREFIX}/`) ||
        request.path === '/admin' ||
        request.path.startsWith('/admin/')
      ) {
        return next();
      }
      router(request, response, next);
    });
  } else {
    app.use(base, router);
  }
}
