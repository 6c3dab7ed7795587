import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { NamedLock } from './named-lock.entity.js';
import { NamedLocksService } from './named-locks.service.js';

export const LOCK_ENTITIES = [NamedLock];

/** Named locks every server sees (one schedule build at a time, one sender of organisers' messages). */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature(LOCK_ENTITIES)],
  providers: [NamedLocksService],
  exports: [NamedLocksService],
})
export class LocksModule {}
