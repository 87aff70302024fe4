import { Module } from '@nestjs/common';
import { ApplicationsModule } from '../applications/applications.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { ProgramsModule } from '../programs/programs.module.js';
import { TokenModule } from '../token/token.module.js';
import { DepositLapseService } from './deposit-lapse.service.js';
import { DepositsController } from './deposits.controller.js';
import { DepositsService } from './deposits.service.js';

/**
 * The enrollment deposit (issue 29 item 2): the applicant's quote and payment (a second purpose of the payments
 * module), and the job that lapses accepted offers left unpaid past their deadline. Refunds and voids are the
 * payments module's (`POST /api/admin/payments/{id}/refund|void`).
 */
@Module({
  imports: [AuthModule, ApplicationsModule, PaymentsModule, ProgramsModule, TokenModule],
  controllers: [DepositsController],
  providers: [DepositsService, DepositLapseService],
  exports: [DepositsService, DepositLapseService],
})
export class DepositsModule {}
