import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminAdvisoryLinesController } from './admin-advisory-lines.controller.js';
import { AdvisoryLine } from './advisory-line.entity.js';
import { AdvisoryController } from './advisory.controller.js';
import { AdvisoryService } from './advisory.service.js';

/** The advisory banner (spec §1): public lines and their admin CRUD (DESIGN §10 Manage Banner). */
@Module({
  imports: [TypeOrmModule.forFeature([AdvisoryLine])],
  controllers: [AdvisoryController, AdminAdvisoryLinesController],
  providers: [AdvisoryService],
})
export class AdvisoryModule {}
