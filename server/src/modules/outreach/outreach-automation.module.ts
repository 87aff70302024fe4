import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Application } from '../applications/application.entity.js';
import { AuthModule } from '../auth/auth.module.js';
import { DecisionsModule } from '../decisions/decisions.module.js';
import { ProgramsModule } from '../programs/programs.module.js';
import { AdminCampaignsController } from './admin-campaigns.controller.js';
import { AdminReminderRulesController } from './admin-reminder-rules.controller.js';
import { CampaignRunnerService } from './campaign-runner.service.js';
import { CampaignsService } from './campaigns.service.js';
import { MessageTemplate } from './message-template.entity.js';
import { OutreachAutomationMetricsService } from './outreach-automation-metrics.service.js';
import { OutreachCampaign } from './outreach-campaign.entity.js';
import { OutreachRule } from './outreach-rule.entity.js';
import { OutreachSegment } from './outreach-segment.entity.js';
import { OutreachModule } from './outreach.module.js';
import { ReminderEngineService } from './reminder-engine.service.js';
import { ReminderRulesService } from './reminder-rules.service.js';

/**
 * Automatic reminders and campaigns (issue 30 items 3, 4, 6; docs/api.md "Campaigns and reminders"), built on
 * the outreach foundation ({@link OutreachModule}: segments, the one send path, the delivery log): the reminder
 * rules and their engine (pg-boss job `outreach-rules`), campaigns and their runner (`outreach-campaigns`,
 * `outreach-campaign-run`), the console's API under `/api/admin/reminder-rules` and `/api/admin/campaigns`.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([OutreachCampaign, OutreachRule, OutreachSegment, MessageTemplate, Application]),
    OutreachModule,
    AuthModule,
    DecisionsModule,
    ProgramsModule,
  ],
  controllers: [AdminCampaignsController, AdminReminderRulesController],
  providers: [CampaignsService, CampaignRunnerService, ReminderRulesService, ReminderEngineService, OutreachAutomationMetricsService],
  exports: [CampaignsService, CampaignRunnerService, ReminderEngineService],
})
export class OutreachAutomationModule {}
