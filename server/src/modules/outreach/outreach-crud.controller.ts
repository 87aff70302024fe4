import { applyDecorators, Body, Delete, Get, Param, Post, Put, Query, Res, type Type } from '@nestjs/common';
import {
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { listPage, SimpleRestListQuery, type ParsedListQuery } from '../../common/http/simple-rest.js';
import { BodyAs } from '../../common/validation/body-as.pipe.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { User } from '../users/user.entity.js';

/** The rules behind an outreach resource (segments, message templates, campaigns): records with uuid ids. */
export interface OutreachCrudService<D, R> {
  /** A page of records and the total matching. */
  page(query: ParsedListQuery): Promise<{ rows: R[]; total: number }>;
  /** @throws ApiException 404 REQ-404 */
  get(id: string): Promise<R>;
  /** Creates a record (audited). @throws ApiException 422 VAL-001 */
  create(dto: D, actor: User): Promise<R>;
  /** Changes a record (audited). @throws ApiException 404 REQ-404, 422 VAL-001, 409 as the resource says */
  update(id: string, dto: D, actor: User): Promise<R>;
  /** Deletes a record (audited) and answers it. @throws ApiException 404 REQ-404, 409 as the resource says */
  remove(id: string, actor: User): Promise<R>;
}

/** What an outreach controller serves: its resource name (the path after `/api/admin/`), shapes, names and answers. */
export interface OutreachCrudOptions<D, R> {
  /** `segments`, `message-templates`, `campaigns` (also the `Content-Range` unit). */
  resource: string;
  /** The operation ids' noun: `Segment` → `listSegments`, `getSegment`, `createSegment`, … */
  noun: string;
  dto: Type<D>;
  response: Type<R>;
  /** The fields the list sorts by. */
  sortable: readonly string[];
  /** The list's order when the query names none, e.g. `["updatedAt","DESC"]`. */
  defaultSort?: string;
  /** Each operation's summary in OpenAPI. */
  summaries: { list: string; get: string; create: string; update: string; remove: string };
  /** The 409 codes a change and a delete may answer, for OpenAPI; none when absent. */
  conflicts: { update?: string; remove?: string };
}

/** The 409 answer in OpenAPI when the operation has one. */
const conflict = (description?: string) => (description ? ApiConflictResponse({ description }) : applyDecorators());

/**
 * The one CRUD shape of the console's outreach resources (issue 30; ra-data-simple-rest dialect, DESIGN §4):
 * list (with `Content-Range`), one record, create, replace and delete, by uuid. Admins only: the subclass carries
 * `@AdminOnly()`, `@ApiTags` and its `@Controller`, and adds the resource's own actions (preview, test send,
 * schedule …). Answers: 400 REQ-400 for a malformed list query, 404 REQ-404 for an unknown id, 422 VAL-001 for an
 * invalid body, and the 409s of `options.conflicts`.
 * @returns an abstract controller class to extend, whose `service` the subclass provides
 */
export function OutreachCrudController<D, R>(options: OutreachCrudOptions<D, R>) {
  const { resource, noun, dto, response: shape, summaries, conflicts } = options;

  abstract class OutreachCrud {
    /** The resource's rules. */
    protected abstract readonly service: OutreachCrudService<D, R>;

    /** A page with `Content-Range` (the resource's filters: see its service). */
    @Get()
    @ApiOperation({ operationId: `list${noun}s`, summary: summaries.list })
    @ApiOkResponse({ type: [shape] })
    list(@Query() query: SimpleRestListQuery, @Res({ passthrough: true }) response: Response): Promise<R[]> {
      const ordered = options.defaultSort ? { ...query, sort: query.sort ?? options.defaultSort } : query;
      return listPage(ordered, response, resource, options.sortable, (parsed) => this.service.page(parsed));
    }

    /** One record. 404 REQ-404. */
    @Get(':id')
    @ApiOperation({ operationId: `get${noun}`, summary: summaries.get })
    @ApiOkResponse({ type: shape })
    @ApiNotFoundResponse({ description: 'REQ-404' })
    get(@Param('id') id: string): Promise<R> {
      return this.service.get(id);
    }

    /** Creates a record (audited). 422 VAL-001. */
    @Post()
    @ApiOperation({ operationId: `create${noun}`, summary: summaries.create })
    @ApiBody({ type: dto })
    @ApiCreatedResponse({ type: shape })
    @ApiUnprocessableEntityResponse({ description: 'VAL-001' })
    create(@Body(new BodyAs(dto)) body: D, @CurrentUser() user: User): Promise<R> {
      return this.service.create(body, user);
    }

    /** Changes a record (audited). 404 REQ-404; 422 VAL-001; 409 as the resource says. */
    @Put(':id')
    @ApiOperation({ operationId: `update${noun}`, summary: summaries.update })
    @ApiBody({ type: dto })
    @ApiOkResponse({ type: shape })
    @ApiNotFoundResponse({ description: 'REQ-404' })
    @ApiUnprocessableEntityResponse({ description: 'VAL-001' })
    @conflict(conflicts.update)
    update(@Param('id') id: string, @Body(new BodyAs(dto)) body: D, @CurrentUser() user: User): Promise<R> {
      return this.service.update(id, body, user);
    }

    /** Deletes a record (audited) and answers it. 404 REQ-404; 409 as the resource says. */
    @Delete(':id')
    @ApiOperation({ operationId: `delete${noun}`, summary: summaries.remove })
    @ApiOkResponse({ type: shape })
    @ApiNotFoundResponse({ description: 'REQ-404' })
    @conflict(conflicts.remove)
    remove(@Param('id') id: string, @CurrentUser() user: User): Promise<R> {
      return this.service.remove(id, user);
    }
  }
  return OutreachCrud;
}
