import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminModule } from '../admin/admin.module.js';
import { Application } from '../applications/application.entity.js';
import { ApplicationsModule } from '../applications/applications.module.js';
import { Attachment } from '../attachments/attachment.entity.js';
import { AttachmentsModule } from '../attachments/attachments.module.js';
import { DiscountCode } from '../discount-codes/discount-code.entity.js';
import { DiscountCodesModule } from '../discount-codes/discount-codes.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { FormSession } from '../session/session.entity.js';
import { SessionModule } from '../session/session.module.js';
import { TimeLog } from '../timelog/time-log.entity.js';
import { TimelogModule } from '../timelog/timelog.module.js';
import { User } from '../users/user.entity.js';
import { ProgramsModule } from '../programs/programs.module.js';
import { DemoDataService } from './demo-data.service.js';

/**
 * Demo data for a fresh development start, played through the services the routes use: it imports
 * their modules (applications, payments, attachments, admin withdrawal, admin discount codes, time log,
 * sessions) rather than providing second instances of their services.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([Application, User, DiscountCode, Attachment, TimeLog, FormSession]),
    ApplicationsModule,
    PaymentsModule,
    AttachmentsModule,
    AdminModule,
    DiscountCodesModule,
    TimelogModule,
    SessionModule,
    ProgramsModule,
  ],
  providers: [DemoDataService],
  exports: [DemoDataService],
})
export class DemoModule {}
