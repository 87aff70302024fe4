import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module.js';
import { DropdownsModule } from '../dropdowns/dropdowns.module.js';
import { MaintenanceModule } from '../maintenance/maintenance.module.js';
import { ProgramsModule } from '../programs/programs.module.js';
import { TokenModule } from '../token/token.module.js';
import { Application } from './application.entity.js';
import { ApplicationsController } from './applications.controller.js';
import { ApplicationMailService } from './application-mail.service.js';
import { ApplicationsService } from './applications.service.js';
import { ContinueController } from './continue.controller.js';

/** Applications (spec §3 application record; DESIGN §3–§5). */
@Module({
  imports: [TypeOrmModule.forFeature([Application]), AuthModule, ProgramsModule, TokenModule, MaintenanceModule, DropdownsModule],
  controllers: [ApplicationsController, ContinueController],
  providers: [ApplicationsService, ApplicationMailService],
  exports: [ApplicationsService, ApplicationMailService],
})
export class ApplicationsModule {}
