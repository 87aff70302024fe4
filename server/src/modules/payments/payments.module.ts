import { Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Application } from '../applications/application.entity.js';
import { AttachmentsModule } from '../attachments/attachments.module.js';
import { authnetEnvironment } from './gateway/accept-js.config.js';
import { AuthModule } from '../auth/auth.module.js';
import { DiscountCodesModule } from '../discount-codes/discount-codes.module.js';
import { ProgramsModule } from '../programs/programs.module.js';
import { TokenModule } from '../token/token.module.js';
import { AdminPaymentReversalsController } from './admin-payment-reversals.controller.js';
import { AdminPaymentsController } from './admin-payments.controller.js';
import { AdminPaymentsService } from './admin-payments.service.js';
import { AuthorizeNetGateway } from './gateway/authorize-net.gateway.js';
import { FakeGateway } from './gateway/fake.gateway.js';
import { PAYMENT_GATEWAY, type PaymentGateway } from './gateway/payment-gateway.js';
import { Payment } from './payment.entity.js';
import { PaymentsController } from './payments.controller.js';
import { PaymentsSettlementService } from './payments-settlement.service.js';
import { PaymentsService } from './payments.service.js';
import { PaymentReversalsService } from './payment-reversals.service.js';

/** The gateway of the configuration: `PAYMENT_GATEWAY=fake` (default; refused in production) or `authorizenet`. */
export function createPaymentGateway(config: AppConfig): PaymentGateway {
  if (config.PAYMENT_GATEWAY === 'authorizenet') {
    // which one takes the money, said once at start (issue 26 item 6)
    new Logger('Payments').log(
      `Card payments through Authorize.Net ${authnetEnvironment(config)} (${new URL(config.AUTHNET_ENDPOINT).host})`,
    );
    return new AuthorizeNetGateway({
      apiLoginId: config.AUTHNET_API_LOGIN_ID!,
      transactionKey: config.AUTHNET_TRANSACTION_KEY!,
      endpoint: config.AUTHNET_ENDPOINT,
      timeoutMs: config.PAYMENT_GATEWAY_TIMEOUT_MS,
    });
  }
  return new FakeGateway();
}

/**
 * Payments of the application fee and of the enrollment deposit (issue 29 item 2): quotes, payments, the job that
 * settles unknown and held attempts (DESIGN §7), the admin list, and refunds / voids through the gateway.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([Payment, Application]),
    AuthModule,
    TokenModule,
    DiscountCodesModule,
    ProgramsModule,
    AttachmentsModule,
  ],
  controllers: [PaymentsController, AdminPaymentsController, AdminPaymentReversalsController],
  providers: [
    { provide: PAYMENT_GATEWAY, inject: [APP_CONFIG], useFactory: createPaymentGateway },
    PaymentsService,
    PaymentsSettlementService,
    AdminPaymentsService,
    PaymentReversalsService,
  ],
  exports: [PaymentsService, PAYMENT_GATEWAY],
})
export class PaymentsModule {}
