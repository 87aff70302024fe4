import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Application } from '../applications/application.entity.js';
import { AuthModule } from '../auth/auth.module.js';
import { EnrollmentModule } from '../enrollment/enrollment.module.js';
import { FormSession } from '../session/session.entity.js';
import { TimeLog } from '../timelog/time-log.entity.js';
import { User } from '../users/user.entity.js';
import { AdminActivityController } from './admin-activity.controller.js';
import { AdminActivityService } from './admin-activity.service.js';
import { AdminApplicationFieldsController } from './admin-application-fields.controller.js';
import { AdminApplicationsController } from './admin-applications.controller.js';
import { AdminApplicationsService } from './admin-applications.service.js';
import { AdminAuditLogController } from './admin-audit-log.controller.js';
import { AdminStatsController } from './admin-stats.controller.js';
import { AdminStatsService } from './admin-stats.service.js';
import { AdminUsersController } from './admin-users.controller.js';
import { AdminUsersService } from './admin-users.service.js';

/**
 * The admissions office's API under `/api/admin/…` (DESIGN §4, §10): Dashboard Home figures,
 * applications, users, audit log, time log and sessions. Admins only (`@AdminOnly()` on each controller).
 */
@Module({
  imports: [TypeOrmModule.forFeature([Application, User, TimeLog, FormSession]), AuthModule, EnrollmentModule],
  controllers: [
    AdminStatsController,
    AdminApplicationsController,
    AdminApplicationFieldsController,
    AdminUsersController,
    AdminAuditLogController,
    AdminActivityController,
  ],
  providers: [AdminStatsService, AdminApplicationsService, AdminUsersService, AdminActivityService],
  exports: [AdminApplicationsService],
})
export class AdminModule {}
