import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminSettingsController, SettingsController } from './settings.controller.js';
import { Edition } from './edition.entity.js';
import { EditionRole } from './edition-role.entity.js';
import { Setting } from './setting.entity.js';
import { SettingsService } from './settings.service.js';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([Setting, Edition, EditionRole])],
  controllers: [SettingsController, AdminSettingsController],
  providers: [SettingsService],
  exports: [SettingsService],
})
export class SettingsModule {}
