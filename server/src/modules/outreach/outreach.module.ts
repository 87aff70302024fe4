import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminModule } from '../admin/admin.module.js';
import { Application } from '../applications/application.entity.js';
import { AuthModule } from '../auth/auth.module.js';
import { DecisionsModule } from '../decisions/decisions.module.js';
import { ProgramsModule } from '../programs/programs.module.js';
import { TokenModule } from '../token/token.module.js';
import { AdminMessageTemplatesController } from './admin-message-templates.controller.js';
import { AdminOutreachMessagesController } from './admin-outreach-messages.controller.js';
import { AdminOutreachRecipientsController } from './admin-outreach-recipients.controller.js';
import { AdminSegmentsController } from './admin-segments.controller.js';
import { MessageRendererService } from './message-renderer.service.js';
import { MessageTemplate } from './message-template.entity.js';
import { MessageTemplatesService } from './message-templates.service.js';
import { OutreachMessage } from './outreach-message.entity.js';
import { OutreachMailerService } from './outreach-mailer.service.js';
import { OutreachMessagesService } from './outreach-messages.service.js';
import { OutreachMetricsService } from './outreach-metrics.service.js';
import { OutreachRecipientsModule } from './outreach-recipients.module.js';
import { OutreachSegment } from './outreach-segment.entity.js';
import { OutreachController } from './outreach.controller.js';
import { PreferencesService } from './preferences.service.js';
import { SegmentsService } from './segments.service.js';

/**
 * Outreach, the foundation of issue 30 (docs/api.md "Outreach"): segments, message templates, the one send
 * path with preferences and suppression, the delivery log and its metrics. Campaigns and reminder rules
 * import this module and use {@link SegmentsService} (audiences), {@link OutreachMailerService} (claim and
 * deliver), {@link OutreachMessagesService} (counts) and {@link RecipientsService} (bounces reported later).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([OutreachSegment, MessageTemplate, OutreachMessage, Application]),
    OutreachRecipientsModule,
    AuthModule,
    AdminModule,
    DecisionsModule,
    ProgramsModule,
    TokenModule,
  ],
  controllers: [
    AdminSegmentsController,
    AdminMessageTemplatesController,
    AdminOutreachMessagesController,
    AdminOutreachRecipientsController,
    OutreachController,
  ],
  providers: [
    SegmentsService,
    MessageRendererService,
    MessageTemplatesService,
    OutreachMailerService,
    OutreachMessagesService,
    OutreachMetricsService,
    PreferencesService,
  ],
  exports: [SegmentsService, MessageRendererService, OutreachMailerService, OutreachMessagesService, OutreachRecipientsModule],
})
export class OutreachModule {}
