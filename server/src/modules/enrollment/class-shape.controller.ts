import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { listPage, parseListQuery, SimpleRestListQuery } from '../../common/http/simple-rest.js';
import { I18nService } from '../../common/i18n/i18n.service.js';
import { RequiresScope } from '../api-keys/api-key-scopes.js';
import { AdminOnly } from '../auth/auth.guards.js';
import { CLASS_SHAPE_SORT_FIELDS, ClassShapeService } from './class-shape.service.js';
import { ClassShapeRowResponse } from './dto/class-shape.dto.js';

/** Default order of the class view: the latest term first (then the catalogue's program order). */
const DEFAULT_SORT = '["termStartsOn","DESC"]';

/**
 * The class taking shape (issue 29 item 5; docs/api.md "The class taking shape"): per offering, the released
 * decisions and the applicants' replies against the seats, as a console list and as CSV. Admins, and API keys
 * with `enrollment:read` (issue 29 item 6; `GET /api/admin/stats`, which carries the same counts per term, stays
 * admin-only).
 */
@ApiTags('admin')
@Controller('admin/class-shape')
@AdminOnly()
export class ClassShapeController {
  constructor(
    private readonly classShape: ClassShapeService,
    private readonly i18n: I18nService,
  ) {}

  /**
   * One row per offering with `Content-Range` (archived offerings only while something is counted in them).
   * Filters: `termId`, `offeringId`, `id` (offering ids), `withDecisions` (true: only offerings where an admit or
   * waitlist decision was released, or from which a deferral moved). Sort: `termStartsOn` (default DESC), `programName`,
   * `seats`, `admitted`, `accepted`, `declined`, `deferralRequested`, `deferred`, `noReply`, `waitlisted`.
   * Labels (program, term, decline reasons) in the caller's language. 400 REQ-400 for a malformed query or a
   * `termId` / `offeringId` that is not a whole number or a `withDecisions` that is not a boolean.
   */
  @Get()
  @RequiresScope('enrollment:read')
  @ApiOperation({ operationId: 'listClassShape', summary: 'The class taking shape: replies and seats per offering (Content-Range)' })
  @ApiOkResponse({ type: [ClassShapeRowResponse] })
  @ApiBadRequestResponse({ description: 'REQ-400 malformed sort, range or filter' })
  list(
    @Query() query: SimpleRestListQuery,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ClassShapeRowResponse[]> {
    return listPage({ sort: DEFAULT_SORT, ...query }, response, 'class-shape', CLASS_SHAPE_SORT_FIELDS, (parsed) =>
      this.classShape.page(parsed, this.i18n.localeOf(request)),
    );
  }

  /**
   * The same rows (filter and sort as the list, no range) as CSV: UTF-8 with BOM, a header row, one row per
   * offering, then a column per decline reason (see `ClassShapeService.csv`). 400 REQ-400 as the list.
   */
  @Get('export.csv')
  @RequiresScope('enrollment:read')
  @ApiOperation({ operationId: 'exportClassShapeCsv', summary: 'Export the class view as CSV' })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'text/csv; header row; one row per offering' })
  @ApiBadRequestResponse({ description: 'REQ-400 malformed sort or filter' })
  async export(@Query() query: SimpleRestListQuery, @Req() request: Request, @Res() response: Response): Promise<void> {
    const parsed = parseListQuery({ sort: DEFAULT_SORT, ...query, range: undefined }, CLASS_SHAPE_SORT_FIELDS);
    const csv = await this.classShape.csv(parsed, this.i18n.localeOf(request));
    response
      .status(200)
      .setHeader('Content-Type', 'text/csv; charset=utf-8')
      .setHeader('Content-Disposition', `attachment; filename="class-shape-${new Date().toISOString().slice(0, 10)}.csv"`)
      .setHeader('Cache-Control', 'no-store')
      .send(csv);
  }
}
