import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Application } from '../applications/application.entity.js';
import { User } from '../users/user.entity.js';
import { JuryAssignment } from './jury-assignment.entity.js';
import { JuryAssignmentService } from './jury-assignment.service.js';
import { JuryController } from './jury.controller.js';
import { JuryScore } from './jury-score.entity.js';
import { JuryScoringService } from './jury-scoring.service.js';
import { JuryStatisticsService } from './jury-statistics.service.js';
import { ApplicationReference } from '../references/application-reference.entity.js';
import { BlindApplications } from '../applications/blind-applications.js';

@Module({
  imports: [TypeOrmModule.forFeature([JuryAssignment, JuryScore, Application, User, ApplicationReference])],
  controllers: [JuryController],
  providers: [
    JuryAssignmentService,
    JuryScoringService,
    JuryStatisticsService,
    { provide: BlindApplications, useExisting: JuryScoringService },
  ],
  exports: [JuryScoringService],
})
export class JuryModule {}
