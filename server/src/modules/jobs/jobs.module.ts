import { type DynamicModule, Global, Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { AdminJobsController } from './admin-jobs.controller.js';
import { JOBS_DATABASE_URL, JobsService } from './jobs.service.js';

/**
 * Background jobs on pg-boss (issue 15 item 5): {@link JobsService} for the modules that define jobs, and
 * `GET /api/admin/jobs` for the office. Global, so a module defines its jobs without importing this one.
 */
@Global()
@Module({})
export class JobsModule {
  /** @param databaseUrl the app's PostgreSQL (DATABASE_URL or the embedded server's URL) */
  static forRoot(databaseUrl: string): DynamicModule {
    return {
      module: JobsModule,
      imports: [AuthModule],
      controllers: [AdminJobsController],
      providers: [{ provide: JOBS_DATABASE_URL, useValue: databaseUrl }, JobsService],
      exports: [JobsService],
    };
  }
}
