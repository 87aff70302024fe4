import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminApplicationsService } from '../admin/admin-applications.service.js';
import { Application } from '../applications/application.entity.js';
import { ApplicationsModule } from '../applications/applications.module.js';
import { Attachment } from '../attachments/attachment.entity.js';
import { AttachmentsModule } from '../attachments/attachments.module.js';
import { AdminDiscountCodesService } from '../discount-codes/admin-discount-codes.service.js';
import { DiscountCode } from '../discount-codes/discount-code.entity.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { FormSession } from '../session/session.entity.js';
import { SessionService } from '../session/session.service.js';
import { TimeLog } from '../timelog/time-log.entity.js';
import { TimelogService } from '../timelog/timelog.service.js';
import { User } from '../users/user.entity.js';
import { DemoDataService } from './demo-data.service.js';

/**
 * Demo data for a fresh development start. The services of other modules it drives but they do not
 * export (admin withdrawal, admin discount codes, time log, sessions) are stateless over their
 * repositories, so they are provided here again rather than widening those modules' exports.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([Application, User, DiscountCode, Attachment, TimeLog, FormSession]),
    ApplicationsModule,
    PaymentsModule,
    AttachmentsModule,
  ],
  providers: [DemoDataService, AdminApplicationsService, AdminDiscountCodesService, TimelogService, SessionService],
  exports: [DemoDataService],
})
export class DemoModule {}
