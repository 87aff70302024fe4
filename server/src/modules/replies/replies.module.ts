import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module.js';
import { ApplicationsModule } from '../applications/applications.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { DropdownsModule } from '../dropdowns/dropdowns.module.js';
import { ProgramsModule } from '../programs/programs.module.js';
import { TokenModule } from '../token/token.module.js';
import { AdminDeferralsController } from './admin-deferrals.controller.js';
import { DeferralsService } from './deferrals.service.js';
import { RepliesController } from './replies.controller.js';
import { RepliesService } from './replies.service.js';
import { ReplyRemindersService } from './reply-reminders.service.js';

/** The applicant's reply to a released decision (issue 29): accept, decline, defer; stay on or leave the waitlist; the reminder before the deadline; the office's deferral queue. */
@Module({
  imports: [AuthModule, AdminModule, ApplicationsModule, DropdownsModule, ProgramsModule, TokenModule],
  controllers: [RepliesController, AdminDeferralsController],
  providers: [RepliesService, ReplyRemindersService, DeferralsService],
  exports: [RepliesService, ReplyRemindersService, DeferralsService],
})
export class RepliesModule {}
