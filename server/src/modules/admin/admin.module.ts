import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Application } from '../applications/application.entity.js';
import { AuthModule } from '../auth/auth.module.js';
import { AdminStatsController } from './admin-stats.controller.js';

/** Admin-only figures (DESIGN §10 Dashboard Home). */
@Module({
  imports: [TypeOrmModule.forFeature([Application]), AuthModule],
  controllers: [AdminStatsController],
})
export class AdminModule {}
