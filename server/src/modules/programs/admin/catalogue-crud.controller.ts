import { Body, Get, Param, Post, Put, Query, Res, type Type } from '@nestjs/common';
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
import type { ObjectLiteral } from 'typeorm';
import { listPage, SimpleRestListQuery } from '../../../common/http/simple-rest.js';
import { BodyAs } from '../../../common/validation/body-as.pipe.js';
import { RequiresScope } from '../../api-keys/api-key-scopes.js';
import { CurrentUser } from '../../auth/current-user.decorator.js';
import type { User } from '../../users/user.entity.js';
import type { CatalogueResource } from './catalogue-resource.js';

/** What a catalogue controller serves: its resource name (the path after `/api/admin/`), its shapes and operation names. */
export interface CatalogueCrudOptions<D, R> {
  /** `programs`, `terms`, `offerings` (also the `Content-Range` unit). */
  resource: string;
  /** The operation ids' noun: `CatalogueProgram` → `listCataloguePrograms`, `getCatalogueProgram`, … */
  noun: string;
  /** Human name in the summaries: `program`. */
  name: string;
  dto: Type<D>;
  response: Type<R>;
  /** The list's filters, for its description. */
  filters: string;
  /** The 409s a replace may answer, for its description. */
  conflicts: string;
}

/**
 * The one CRUD shape of the console's catalogue resources (issue 25; ra-data-simple-rest dialect, DESIGN §4):
 * list (with `Content-Range`), one record, create and replace (archiving is a replace with `archived: true`:
 * there is no DELETE — applications keep naming what they used). Reads are open to API keys with
 * `catalogue:read`; writes to admins only (the subclass carries `@AdminOnly()` and its `@Controller`).
 * @returns an abstract controller class to extend, whose `service` the subclass provides
 */
export function CatalogueCrudController<E extends ObjectLiteral & { id: number }, D, R>(options: CatalogueCrudOptions<D, R>) {
  const { resource, noun, name, dto, response: shape } = options;

  abstract class CatalogueCrud {
    /** The resource's rules (a {@link CatalogueResource}). */
    protected abstract readonly service: CatalogueResource<E, D, R>;

    /** A page with `Content-Range`. Filters: see the operation's description. 400 REQ-400 for a malformed query. */
    @Get()
    @RequiresScope('catalogue:read')
    @ApiOperation({ operationId: `list${noun}s`, summary: `List ${name}s`, description: `Filters: ${options.filters}, id.` })
    @ApiOkResponse({ type: [shape] })
    list(@Query() query: SimpleRestListQuery, @Res({ passthrough: true }) response: Response): Promise<R[]> {
      return listPage(query, response, resource, this.service.sortable, (parsed) => this.service.page(parsed));
    }

    /** One record. 404 REQ-404. */
    @Get(':id')
    @RequiresScope('catalogue:read')
    @ApiOperation({ operationId: `get${noun}`, summary: `One ${name}` })
    @ApiOkResponse({ type: shape })
    @ApiNotFoundResponse({ description: 'REQ-404' })
    get(@Param('id') id: string): Promise<R> {
      return this.service.get(id);
    }

    /** Creates a record (audited). 422 VAL-001; 409 CAT-409-taken. */
    @Post()
    @ApiOperation({ operationId: `create${noun}`, summary: `Create a ${name}` })
    @ApiBody({ type: dto })
    @ApiCreatedResponse({ type: shape })
    @ApiUnprocessableEntityResponse({ description: 'VAL-001' })
    @ApiConflictResponse({ description: 'CAT-409-taken' })
    create(@Body(new BodyAs(dto)) body: D, @CurrentUser() user: User): Promise<R> {
      return this.service.create(body, user);
    }

    /** Replaces (or archives) a record (audited). 404 REQ-404, 422 VAL-001, 409 as described. */
    @Put(':id')
    @ApiOperation({ operationId: `update${noun}`, summary: `Change or archive a ${name}`, description: `409: ${options.conflicts}.` })
    @ApiBody({ type: dto })
    @ApiOkResponse({ type: shape })
    @ApiUnprocessableEntityResponse({ description: 'VAL-001' })
    @ApiConflictResponse({ description: options.conflicts })
    update(@Param('id') id: string, @Body(new BodyAs(dto)) body: D, @CurrentUser() user: User): Promise<R> {
      return this.service.update(id, body, user);
    }
  }
  return CatalogueCrud;
}
