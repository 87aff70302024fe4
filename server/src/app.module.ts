import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CommonModule } from './common/common.module.js';
import type { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { dataSourceOptions } from './database/data-source.js';
import { AdminModule } from './modules/admin/admin.module.js';
import { AuditModule } from './modules/admin/audit.module.js';
import { ApiKeysModule } from './modules/api-keys/api-keys.module.js';
import { AdvisoryModule } from './modules/advisory/advisory.module.js';
import { DiscountCodesModule } from './modules/discount-codes/discount-codes.module.js';
import { AttachmentsModule } from './modules/attachments/attachments.module.js';
import { PaymentsModule } from './modules/payments/payments.module.js';
import { AppConfigModule } from './modules/app-config/app-config.module.js';
import { ApplicationsModule } from './modules/applications/applications.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { DecisionsModule } from './modules/decisions/decisions.module.js';
import { RepliesModule } from './modules/replies/replies.module.js';
import { DemoModule } from './modules/demo/demo.module.js';
import { DepositsModule } from './modules/deposits/deposits.module.js';
import { DropdownsModule } from './modules/dropdowns/dropdowns.module.js';
import { EnrollmentModule } from './modules/enrollment/enrollment.module.js';
import { JobsModule } from './modules/jobs/jobs.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { MailModule } from './modules/mail/mail.module.js';
import { MaintenanceModule } from './modules/maintenance/maintenance.module.js';
import { ObservabilityModule } from './modules/observability/observability.module.js';
import { OutreachModule } from './modules/outreach/outreach.module.js';
import { OutreachAutomationModule } from './modules/outreach/outreach-automation.module.js';
import { ProgramsModule } from './modules/programs/programs.module.js';
import { RecommendationsModule } from './modules/recommendations/recommendations.module.js';
import { ReviewsModule } from './modules/reviews/reviews.module.js';
import { SessionModule } from './modules/session/session.module.js';
import { TimelogModule } from './modules/timelog/timelog.module.js';
import { TokenModule } from './modules/token/token.module.js';
import { UsersModule } from './modules/users/users.module.js';
import { WaitlistModule } from './modules/waitlist/waitlist.module.js';
import { WebhooksModule } from './modules/webhooks/webhooks.module.js';

/** The whole API. Built per process from the validated configuration and the database URL. */
@Module({})
export class AppModule {
  /**
   * @param config validated configuration
   * @param databaseUrl PostgreSQL to use (DATABASE_URL, or the embedded server's URL); already migrated
   */
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        ObservabilityModule.forRoot(config),
        CommonModule,
        TypeOrmModule.forRoot(dataSourceOptions(databaseUrl)),
        MailModule,
        AuditModule,
        ApiKeysModule,
        HealthModule,
        AppConfigModule,
        UsersModule,
        AuthModule,
        DropdownsModule,
        ProgramsModule,
        MaintenanceModule,
        TokenModule,
        ApplicationsModule,
        SessionModule,
        TimelogModule,
        AdminModule,
        AdvisoryModule,
        DemoModule,
        JobsModule.forRoot(databaseUrl),
        AttachmentsModule,
        DiscountCodesModule,
        PaymentsModule,
        DecisionsModule,
        RepliesModule,
        DepositsModule,
        EnrollmentModule,
        WaitlistModule,
        WebhooksModule,
        RecommendationsModule,
        ReviewsModule,
        OutreachModule,
        OutreachAutomationModule,
      ],
    };
  }
}
