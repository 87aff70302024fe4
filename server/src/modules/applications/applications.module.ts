import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module.js';
import { MaintenanceModule } from '../maintenance/maintenance.module.js';
import { ProgramsModule } from '../programs/programs.module.js';
import { TokenModule } from '../token/token.module.js';
import { Application } from './application.entity.js';
import { ApplicationsController } from './applications.controller.js';
import { ApplicationsService } from './applications.service.js';

/** Applications (spec §3 application record; DESIGN §3–§5). */
@Module({
  imports: [TypeOrmModule.forFeature([Application]), AuthModule, ProgramsModule, TokenModule, MaintenanceModule],
  controllers: [ApplicationsController],
  providers: [ApplicationsService],
  exports: [ApplicationsService],
})
export class ApplicationsModule {}
