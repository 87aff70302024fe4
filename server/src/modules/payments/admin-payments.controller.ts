import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { listPage, SimpleRestListQuery } from '../../common/http/simple-rest.js';
import { RequiresScope } from '../api-keys/api-key-scopes.js';
import { AdminOnly } from '../auth/auth.guards.js';
import { ADMIN_PAYMENT_SORT_COLUMNS, AdminPaymentsService } from './admin-payments.service.js';
import { AdminPaymentResponse } from './dto/admin-payment.dto.js';

/** Payment attempts for the console and integrators (issue 14 item 5): admins, or API keys with `payments:read`. */
@ApiTags('admin')
@Controller('admin/payments')
@AdminOnly()
@RequiresScope('payments:read')
export class AdminPaymentsController {
  constructor(private readonly payments: AdminPaymentsService) {}

  /**
   * A page of payment attempts (ra-data-simple-rest: `range`, `sort`, `filter`; `Content-Range: payments`),
   * newest first by default; money in integer cents with the ISO 4217 currency. Sort: createdAt, updatedAt,
   * status, totalCents, referenceNumber. Filters: `q` (reference number, e-mail, name, transaction id),
   * `status` (one or a list), `applicationId`, `id` (list). 400 REQ-400 on a malformed query.
   */
  @Get()
  @ApiOperation({ summary: 'List payment attempts' })
  @ApiOkResponse({ type: [AdminPaymentResponse] })
  list(@Query() query: SimpleRestListQuery, @Res({ passthrough: true }) response: Response): Promise<AdminPaymentResponse[]> {
    return listPage({ sort: '["createdAt","DESC"]', ...query }, response, 'payments', Object.keys(ADMIN_PAYMENT_SORT_COLUMNS), (parsed) =>
      this.payments.page(parsed),
    );
  }
}
