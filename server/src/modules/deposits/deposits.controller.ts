import { Body, Controller, Get, Param, ParseUUIDPipe, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadGatewayResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { I18nService } from '../../common/i18n/i18n.service.js';
import { ApiApplicationTokenOrBearer } from '../../common/openapi/api-auth.decorators.js';
import { OptionalBearerAuthGuard } from '../auth/auth.guards.js';
import { DepositPayDto, DepositPaymentResponse } from '../payments/dto/deposit-payment.dto.js';
import { ApplicationAccessService } from '../token/application-access.service.js';
import type { User } from '../users/user.entity.js';
import { DepositsService } from './deposits.service.js';
import { DepositResponse } from './dto/deposit.dto.js';

/**
 * The enrollment deposit (issue 29 item 2; docs/api.md "Deposits"). The application's token (header
 * `X-Application-Token` or query `token`), its logged-in owner, or an admin.
 */
@ApiTags('applications')
@Controller('applications')
@UseGuards(OptionalBearerAuthGuard)
@ApiApplicationTokenOrBearer()
@ApiForbiddenResponse({ description: 'AUTH-403 not this application' })
export class DepositsController {
  constructor(
    private readonly access: ApplicationAccessService,
    private readonly deposits: DepositsService,
    private readonly i18n: I18nService,
  ) {}

  /** Where the deposit stands: amount (integer cents), deadline in the applicant's zone, payable or why not. */
  @Get(':id/deposit')
  @ApiOperation({ operationId: 'getDeposit', summary: 'The enrollment deposit: amount, deadline, whether it may be paid now' })
  @ApiQuery({ name: 'discountCode', required: false, description: 'a code that applies to deposits, to quote with' })
  @ApiOkResponse({ type: DepositResponse })
  @ApiNotFoundResponse({ description: 'DEC-404 no released decision' })
  @ApiUnprocessableEntityResponse({ description: 'PAY-004 with errors.discountCode (unknown, expired, used up, not for deposits)' })
  async get(
    @Param('id', new ParseUUIDPipe({ version: '4' })) id: string,
    @Req() request: Request & { user?: User },
    @Query('discountCode') discountCode?: string,
  ): Promise<DepositResponse> {
    const app = await this.access.authorize(request, id);
    return this.deposits.view(app, this.i18n.localeOf(request), typeof discountCode === 'string' ? discountCode : undefined);
  }

  /** Pays (or, with a deposit waiver code, waives) the deposit; the same requestId never charges twice. */
  @Post(':id/deposit')
  @ApiOperation({
    operationId: 'payDeposit',
    summary: 'Pay the enrollment deposit with browser-tokenised card data (idempotent per requestId)',
  })
  @ApiCreatedResponse({ type: DepositPaymentResponse, description: 'paid (deposit_status paid) or waived' })
  @ApiAcceptedResponse({ type: DepositPaymentResponse, description: 'held for review by the processor (deposit_status pending)' })
  @ApiOkResponse({ type: DepositPaymentResponse, description: 'a replay of an attempt an admin has refunded or voided since' })
  @ApiResponse({ status: 402, description: 'PAY-001 declined; data is the attempt' })
  @ApiNotFoundResponse({ description: 'DEC-404 no released decision; DEP-404 the offering asks no deposit' })
  @ApiConflictResponse({
    description:
      'DEP-409-not-accepted accept the offer first; DEP-409-paid; DEP-409-refunded; DEP-409-lapsed; PAY-409-request an attempt ' +
      'is in flight; PAY-002-unsettled an unknown outcome is being settled',
  })
  @ApiUnprocessableEntityResponse({
    description: 'DEP-422-late the deadline passed (data.dueAt); VAL-001; PAY-004 discount code; PAY-002 with errors.opaqueData',
  })
  @ApiBadGatewayResponse({ description: 'PAY-002 the gateway failed or its outcome is unknown (never charged twice)' })
  async pay(
    @Param('id', new ParseUUIDPipe({ version: '4' })) id: string,
    @Body() dto: DepositPayDto,
    @Req() request: Request & { user?: User },
    @Res({ passthrough: true }) response: Response,
  ): Promise<DepositPaymentResponse> {
    const app = await this.access.authorize(request, id);
    const outcome = await this.deposits.pay(app, dto, this.i18n.localeOf(request), request.ip);
    response.status(outcome.status);
    return outcome.body;
  }
}
