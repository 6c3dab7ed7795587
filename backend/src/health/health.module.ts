import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DatabaseProbe } from './database-probe.js';
import { HealthController } from './health.controller.js';
import { RunningServer } from './running-server.entity.js';
import { RunningServers } from './running-servers.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([RunningServer])],
  controllers: [HealthController],
  providers: [DatabaseProbe, RunningServers],
})
export class HealthModule {}
