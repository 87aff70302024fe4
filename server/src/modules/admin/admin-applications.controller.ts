import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { stringify } from 'csv-stringify';
import type { Response } from 'express';
import { once } from 'node:events';
import { listPage, parseListQuery, SimpleRestListQuery } from '../../common/http/simple-rest.js';
import { isApiKeyPrincipal, type ApiKeyPrincipal } from '../api-keys/api-key-principal.js';
import { RequiresScope } from '../api-keys/api-key-scopes.js';
import { AdminOnly, AllowReaders } from '../auth/auth.guards.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { APPLICATION_SORT_FIELDS, AdminApplicationsService } from './admin-applications.service.js';
import { AuditService } from './audit.service.js';
import { csvSafe } from './csv-safe.js';
import { AdminApplicationDetail, AdminApplicationResponse, ReferenceStatusesDto } from './dto/admin-application.dto.js';
import { ApplicationChangesQuery, ApplicationChangesResponse } from './dto/application-changes.dto.js';

/** Columns of the CSV export, in order (the list fields). */
const CSV_COLUMNS: (keyof AdminApplicationResponse)[] = [
  'referenceNumber',
  'id',
  'firstName',
  'lastName',
  'email',
  'gender',
  'program',
  'fieldOfInterest',
  'semesterApplied',
  'location',
  'status',
  'stepReached',
  'Payment_Status',
  'locale',
  'createdAt',
  'updatedAt',
  'submittedAt',
  'certifiedAt',
  'completedAt',
  'withdrawnAt',
  'firstReferenceStatus',
  'secondReferenceStatus',
  'addressCountry',
  'mailingAddress',
];

/**
 * Applications for the admissions office (ra-data-simple-rest dialect; DESIGN §4, §10). API keys: reads
 * need `applications:read`, status and reference changes `applications:write` (issue 14 item 5).
 */
@ApiTags('admin')
@Controller('admin/applications')
@AdminOnly()
@RequiresScope('applications:read')
export class AdminApplicationsController {
  constructor(
    private readonly applications: AdminApplicationsService,
    private readonly audit: AuditService,
  ) {}

  /**
   * A page of applications with `Content-Range`. Filters (JSON `filter`): `q` (name, e-mail or reference
   * number), `status`, `fieldOfInterest`, `program`, `semester`, `gender`, `Payment_Status`, `userId`,
   * `createdFrom`, `createdTo`, `updatedFrom`, `updatedTo`, `id` (list), `assignedTo` (a reader's id). 400 REQ-400 on a malformed sort,
   * range or filter. Readers may call it and see only the applications assigned to them (issue 15).
   */
  @Get()
  @AllowReaders()
  @ApiOperation({ summary: 'List applications (search, filters, sort, range; Content-Range)' })
  @ApiOkResponse({ type: [AdminApplicationResponse] })
  list(
    @Query() query: SimpleRestListQuery,
    @CurrentUser() caller: User | ApiKeyPrincipal,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminApplicationResponse[]> {
    return listPage(query, response, 'applications', APPLICATION_SORT_FIELDS, (parsed) => this.applications.page(parsed, caller));
  }

  /**
   * Incremental sync for integrators (issue 26 item 8): applications changed after `after` (a cursor from
   * the previous page), oldest change first, keyset-paged on (updatedAt, id), so records that change
   * during a sync are neither skipped nor repeated; a record changed again later comes again. Changes
   * appear about 2 s after they are made. Keep the last `nextCursor` for the next sync.
   * 400 REQ-400 for a cursor the portal did not make; 422 VAL-001 for a bad `limit`.
   */
  @Get('changes')
  @ApiOperation({ operationId: 'listAdminApplicationChanges', summary: 'Applications changed since a cursor (incremental sync)' })
  @ApiOkResponse({ type: ApplicationChangesResponse })
  async changes(@Query() query: ApplicationChangesQuery): Promise<ApplicationChangesResponse> {
    const page = await this.applications.changes(query.after, query.limit ?? 100);
    return Object.assign(new ApplicationChangesResponse(), { data: page.rows, nextCursor: page.nextCursor });
  }

  /**
   * The same filters and sort as the list, every matching row (no range), as CSV (UTF-8 with BOM, header
   * row), streamed from one database cursor in batches (one consistent pass, see `batches`). Cells that
   * a spreadsheet would run as a formula are prefixed with `'`. The export is recorded in the audit log
   * (it carries personal data) with the filter, the rows sent and `complete`: a client that disconnects
   * stops it (freeing the cursor) and is recorded with `complete: false` and the rows it was sent.
   */
  @Get('export.csv')
  @ApiOperation({ operationId: 'exportAdminApplicationsCsv', summary: 'Export the filtered applications as CSV (streamed)' })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'text/csv; header row; one row per application' })
  async export(@Query() query: SimpleRestListQuery, @CurrentUser() user: User, @Res() response: Response): Promise<void> {
    const parsed = parseListQuery({ ...query, sort: query.sort ?? '["createdAt","DESC"]', range: undefined }, APPLICATION_SORT_FIELDS);
    const day = new Date().toISOString().slice(0, 10);
    response.status(200);
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader('Content-Disposition', `attachment; filename="applications-${day}.csv"`);
    response.setHeader('Cache-Control', 'no-store');
    const csv = stringify({ header: true, columns: CSV_COLUMNS as string[], bom: true });
    csv.pipe(response);
    // a client that goes away stops the export (freeing the cursor's connection) rather than awaiting a drain that never comes
    const gone = new AbortController();
    response.once('close', () => gone.abort());
    let rows = 0;
    let complete = false;
    try {
      exporting: for await (const batch of this.applications.batches(parsed.filter, parsed.sortField, parsed.sortOrder)) {
        for (const row of batch) {
          if (!csv.write(CSV_COLUMNS.map((column) => csvSafe(row[column]))))
            await once(csv, 'drain', { signal: gone.signal }).catch(() => undefined);
          if (gone.signal.aborted) break exporting;
          rows += 1;
        }
      }
      complete = !gone.signal.aborted;
    } finally {
      csv.end();
      // recorded even when the export stops early: whatever reached the client carried personal data
      await this.audit.record({
        actor: user,
        action: 'export',
        resource: 'applications',
        after: { filter: parsed.filter, rows, complete },
      });
    }
  }

  /**
   * One application with every answer, its documents (metadata and download link), payments and time log.
   * An API key without `payments:read`, and a reader, get `payments: null`. 404 APP-404, also for a reader the
   * application is not assigned to (readers may call it, issue 15).
   */
  @Get(':id')
  @AllowReaders()
  @ApiOperation({ summary: 'One application with its answers, attachments and payments' })
  @ApiOkResponse({ type: AdminApplicationDetail })
  @ApiNotFoundResponse({ description: 'APP-404' })
  async get(@Param('id') id: string, @CurrentUser() caller: User | ApiKeyPrincipal): Promise<AdminApplicationDetail> {
    const detail = await this.applications.detail(id, caller);
    const withoutPayments = isApiKeyPrincipal(caller) ? !caller.scopes.includes('payments:read') : caller.role === 'reader';
    return withoutPayments ? { ...detail, payments: null } : detail;
  }

  /** Withdraws an application (audited); its links then answer TKN-002. 409 STS-409 when already withdrawn. */
  @Post(':id/withdraw')
  @ApiOperation({ summary: 'Withdraw an application (409 STS-409 when already withdrawn)' })
  @RequiresScope('applications:write')
  @HttpCode(200)
  @ApiOkResponse({ type: AdminApplicationResponse })
  @ApiConflictResponse({ description: 'STS-409' })
  withdraw(@Param('id') id: string, @CurrentUser() user: User): Promise<AdminApplicationResponse> {
    return this.applications.withdraw(id, user);
  }

  /**
   * Sets where the references stand (`firstReferenceStatus` / `secondReferenceStatus`: Not requested,
   * Requested, Received, Waived), audited as `reference-status` with before and after. 422 VAL-001 for
   * another value; 404 APP-404.
   */
  @Put(':id/reference-statuses')
  @ApiOperation({ summary: 'Set where the references stand', operationId: 'setAdminApplicationReferenceStatuses' })
  @RequiresScope('applications:write')
  @ApiOkResponse({ type: AdminApplicationResponse })
  @ApiNotFoundResponse({ description: 'APP-404' })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001 not one of the four statuses' })
  setReferenceStatuses(
    @Param('id') id: string,
    @Body() dto: ReferenceStatusesDto,
    @CurrentUser() user: User,
  ): Promise<AdminApplicationResponse> {
    return this.applications.setReferenceStatuses(id, dto, user);
  }

  /** Reopens a withdrawn application in the status it had reached (audited). 409 STS-409 when not withdrawn. */
  @Post(':id/reopen')
  @ApiOperation({ summary: 'Reopen a withdrawn application (409 STS-409 when not withdrawn)' })
  @RequiresScope('applications:write')
  @HttpCode(200)
  @ApiOkResponse({ type: AdminApplicationResponse })
  @ApiConflictResponse({ description: 'STS-409' })
  reopen(@Param('id') id: string, @CurrentUser() user: User): Promise<AdminApplicationResponse> {
    return this.applications.reopen(id, user);
  }
}
