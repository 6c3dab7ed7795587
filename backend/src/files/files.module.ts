import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { User } from '../users/user.entity.js';
import { UsersModule } from '../users/users.module.js';
import { FilesController } from './files.controller.js';
import { FilesService } from './files.service.js';
import { ProofFile } from './proof-file.entity.js';
import { LocalProofStorage, localUploadsDir } from './storage/local.storage.js';
import { ProofStorage } from './storage/proof-storage.js';
import { S3ProofStorage } from './storage/s3.storage.js';
import { UploadTicket } from './upload-ticket.entity.js';

@Module({
  imports: [TypeOrmModule.forFeature([ProofFile, UploadTicket, User]), UsersModule],
  controllers: [FilesController],
  providers: [
    FilesService,
    {
      provide: ProofStorage,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        config.storage === 's3' ? new S3ProofStorage(config.s3) : new LocalProofStorage(localUploadsDir(config.dataDir)),
    },
  ],
  exports: [FilesService, ProofStorage],
})
export class FilesModule {}
