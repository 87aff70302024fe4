import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { DropdownsModule } from '../dropdowns/dropdowns.module.js';
import { ProgramsModule } from '../programs/programs.module.js';
import { TokenModule } from '../token/token.module.js';
import { RepliesController } from './replies.controller.js';
import { RepliesService } from './replies.service.js';

/** The applicant's reply to a released decision (issue 29): accept, decline, defer; stay on or leave the waitlist. */
@Module({
  imports: [AuthModule, AdminModule, DropdownsModule, ProgramsModule, TokenModule],
  controllers: [RepliesController],
  providers: [RepliesService],
  exports: [RepliesService],
})
export class RepliesModule {}
