import { Body, Controller, Get, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadGatewayResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { ApiApplicationTokenOrBearer } from '../../common/openapi/api-auth.decorators.js';
import type { Request as ExpressRequest, Response } from 'express';
import { OptionalBearerAuthGuard } from '../auth/auth.guards.js';
import { ApiException } from '../../common/errors/api.exception.js';
import { ApplicationAccessService, applicationTokenOf } from '../token/application-access.service.js';
import type { User } from '../users/user.entity.js';
import { PayDto, PaymentResponse, QuoteResponse } from './dto/payment.dto.js';
import { PaymentsService, type PaymentOutcome } from './payments.service.js';

type Request = ExpressRequest & { user?: User };

/** The application fee (spec §3, §9; DESIGN §7). Caller: the application's token, its owner, or an admin. */
@ApiTags('payments')
@Controller('payments')
@UseGuards(OptionalBearerAuthGuard)
@ApiApplicationTokenOrBearer()
export class PaymentsController {
  constructor(
    private readonly payments: PaymentsService,
    private readonly access: ApplicationAccessService,
  ) {}

  /** The application's fee now, from its offering (issue 25): amount, late fee, discount of an optional code, total. */
  @Get('quote')
  @ApiOperation({ operationId: 'getPaymentQuote', summary: 'Quote the application fee (late fee and discount code applied)' })
  @ApiQuery({ name: 'applicationId', required: true })
  @ApiQuery({ name: 'discountCode', required: false })
  @ApiOkResponse({ type: QuoteResponse })
  @ApiUnprocessableEntityResponse({ description: 'PAY-004 with errors.discountCode (unknown, expired or used up)' })
  async quote(
    @Req() request: Request,
    @Query('applicationId') applicationId?: string,
    @Query('discountCode') discountCode?: string,
  ): Promise<QuoteResponse> {
    const application = await this.access.authorize(request, typeof applicationId === 'string' ? applicationId : undefined);
    return { success: true, data: await this.payments.quoteView(application, typeof discountCode === 'string' ? discountCode : undefined) };
  }

  /** Pays (or, with a full-waiver code, waives) the fee; the same requestId never charges twice. */
  @Post()
  @ApiOperation({
    operationId: 'payApplicationFee',
    summary: 'Pay the application fee with browser-tokenised card data (idempotent per requestId)',
  })
  @ApiCreatedResponse({ type: PaymentResponse, description: 'approved (Payment_Status Paid) or waived (Waived); application submitted' })
  @ApiAcceptedResponse({ type: PaymentResponse, description: 'held for review by the processor (Payment_Status Pending)' })
  @ApiResponse({ status: 402, description: 'PAY-001 declined (Payment_Status Declined); data is the attempt' })
  @ApiConflictResponse({
    description: 'PAY-003 already paid; PAY-002-unsettled an unknown outcome is being settled; PAY-409-request attempt in flight',
  })
  @ApiUnprocessableEntityResponse({
    description: 'VAL-001; PAY-422-certify certify first; PAY-004 discount code; PAY-002 with errors.opaqueData (card token refused)',
  })
  @ApiBadGatewayResponse({ description: 'PAY-002 the gateway failed or its outcome is unknown (never charged twice)' })
  async pay(@Body() dto: PayDto, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<PaymentResponse> {
    let outcome: PaymentOutcome;
    try {
      const application = await this.access.authorize(request, dto.applicationId);
      outcome = await this.payments.pay(application, dto, request.ip);
    } catch (error) {
      // A retry of a request that already submitted the application: its token is closed now (TKN-002).
      const replay =
        error instanceof ApiException && error.code === 'TKN-002'
          ? await this.payments.replayForToken(applicationTokenOf(request), dto)
          : undefined;
      if (!replay) throw error;
      outcome = replay;
    }
    response.status(outcome.status);
    return outcome.body;
  }
}
