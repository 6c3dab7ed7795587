import type { DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/app.config.js';
import { connectDatabase } from './database-connection.js';
import { databaseOptions } from './database.options.js';

/**
 * The TypeORM data source. Connecting is left to connectDatabase, which waits for a database server
 * that is not up yet and fails at once on a wrong password or an unknown database: Nest's own retry
 * (off here) logs a stack trace per attempt and cannot tell the two apart.
 */
export function databaseModule(
  config: AppConfig,
  entities: DataSourceOptions['entities'],
  subscribers: readonly (new () => unknown)[] = [],
): DynamicModule {
  return TypeOrmModule.forRootAsync({
    useFactory: () => ({ ...databaseOptions(config, entities, subscribers), toRetry: () => false }),
    dataSourceFactory: (options) => connectDatabase(options!),
  });
}
