import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { DecisionsModule } from '../decisions/decisions.module.js';
import { EnrollmentModule } from '../enrollment/enrollment.module.js';
import { ProgramsModule } from '../programs/programs.module.js';
import { AdminWaitlistController } from './admin-waitlist.controller.js';
import { WaitlistRepository } from './waitlist.repository.js';
import { WaitlistService } from './waitlist.service.js';

/** The ranked waitlist per offering and the admit from it, against the seats (issue 29 item 4). */
@Module({
  imports: [AuthModule, AdminModule, DecisionsModule, EnrollmentModule, ProgramsModule],
  controllers: [AdminWaitlistController],
  providers: [WaitlistService, WaitlistRepository],
  exports: [WaitlistService],
})
export class WaitlistModule {}
