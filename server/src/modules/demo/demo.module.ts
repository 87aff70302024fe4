import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Application } from '../applications/application.entity.js';
import { ApplicationsModule } from '../applications/applications.module.js';
import { ProgramsModule } from '../programs/programs.module.js';
import { DemoDataService } from './demo-data.service.js';

/** Demo data for a fresh development start. */
@Module({
  imports: [TypeOrmModule.forFeature([Application]), ApplicationsModule, ProgramsModule],
  providers: [DemoDataService],
  exports: [DemoDataService],
})
export class DemoModule {}
