import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { AdminOnly } from '../auth/auth.guards.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { AdminPaymentResponse, PaymentReversalDto } from './dto/admin-payment.dto.js';
import { PaymentReversalsService } from './payment-reversals.service.js';

/**
 * Refund or void a charge through the gateway (issue 29 item 2; docs/api.md "Deposits"): admins only — no API
 * key scope reaches these (403 AUTH-403). Each reversal is audited (`refund` / `void`, resource `payments`).
 */
@ApiTags('admin')
@Controller('admin/payments')
@AdminOnly()
export class AdminPaymentReversalsController {
  constructor(private readonly reversals: PaymentReversalsService) {}

  /** Refunds a settled charge (a deposit, or an application fee) in full. */
  @Post(':id/refund')
  @HttpCode(200)
  @ApiOperation({ operationId: 'refundPayment', summary: 'Refund a settled charge through the gateway (audited)' })
  @ApiOkResponse({ type: AdminPaymentResponse, description: 'the payment, status refunded' })
  @ApiNotFoundResponse({ description: 'REQ-404 no such payment' })
  @ApiConflictResponse({
    description:
      'PAY-409-unsettled not settled yet: void it instead; PAY-409-not-charged, PAY-409-reversed, DEP-409-not-refundable, ' +
      'PAY-409-request (a reversal is under way), PAY-409-refused (data.errorCode, data.errorText)',
  })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001 errors.note: an override needs a note' })
  @ApiBadGatewayResponse({ description: 'PAY-002-reversal the gateway did not answer: check it before trying again' })
  refund(@Param('id') id: string, @Body() dto: PaymentReversalDto, @CurrentUser() user: User): Promise<AdminPaymentResponse> {
    return this.reversals.reverse(id, 'refund', dto, user);
  }

  /** Voids a charge that has not settled yet (it never reaches the card holder's statement). */
  @Post(':id/void')
  @HttpCode(200)
  @ApiOperation({ operationId: 'voidPayment', summary: 'Void an unsettled charge through the gateway (audited)' })
  @ApiOkResponse({ type: AdminPaymentResponse, description: 'the payment, status voided' })
  @ApiNotFoundResponse({ description: 'REQ-404 no such payment' })
  @ApiConflictResponse({
    description:
      'PAY-409-refused the gateway refused (settled already: refund it instead; data.errorCode, data.errorText); ' +
      'PAY-409-not-charged, PAY-409-reversed, DEP-409-not-refundable, PAY-409-request',
  })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001 errors.note: an override needs a note' })
  @ApiBadGatewayResponse({ description: 'PAY-002-reversal the gateway did not answer: check it before trying again' })
  void(@Param('id') id: string, @Body() dto: PaymentReversalDto, @CurrentUser() user: User): Promise<AdminPaymentResponse> {
    return this.reversals.reverse(id, 'void', dto, user);
  }
}
