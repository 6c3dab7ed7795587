import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { OpenAPIObject } from '@nestjs/swagger';
import { AppModule } from './app.module.js';
import { API_PREFIX } from './app.setup.js';
import { loadConfig } from './config/app.config.js';
import { buildApiDocument } from './openapi/api-document.js';

/**
 * The OpenAPI document without a database or a listening server: Nest's preview mode reads the
 * modules and routes without creating a provider (`npm run lint:openapi`).
 */
export async function apiDocumentWithoutDatabase(): Promise<OpenAPIObject> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: join(tmpdir(), 'svp-openapi'),
    JWT_SECRET: 'openapi-document-only-no-tokens-are-signed',
  });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    preview: true,
    logger: false,
    abortOnError: false,
  });
  try {
    app.setGlobalPrefix(API_PREFIX);
    return buildApiDocument(app);
  } finally {
    await app.close();
  }
}

// Run as a script: writes the document to the file named (JSON).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: node write-api-document.js <file.json>');
  writeFileSync(file, JSON.stringify(await apiDocumentWithoutDatabase(), null, 2));
}
