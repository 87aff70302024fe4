import { Body, Controller, Param, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { AdminOnly } from '../../auth/auth.guards.js';
import { CurrentUser } from '../../auth/current-user.decorator.js';
import type { User } from '../../users/user.entity.js';
import type { Offering } from '../offering.entity.js';
import type { Program } from '../program.entity.js';
import type { Term } from '../term.entity.js';
import { AdminOfferingsService, AdminProgramsService, AdminTermsService } from './admin-catalogue.service.js';
import { CatalogueCrudController } from './catalogue-crud.controller.js';
import {
  AdminOfferingDto,
  AdminOfferingResponse,
  AdminProgramDto,
  AdminProgramResponse,
  AdminTermDto,
  AdminTermResponse,
  RollOverDto,
  RollOverResponse,
} from './dto/admin-catalogue.dto.js';

/** Programs (fields of interest) of the admission catalogue, `/api/admin/programs` (issue 25). */
@ApiTags('catalogue')
@Controller('admin/programs')
@AdminOnly()
export class AdminProgramsController extends CatalogueCrudController<Program, AdminProgramDto, AdminProgramResponse>({
  resource: 'programs',
  noun: 'CatalogueProgram',
  name: 'program',
  dto: AdminProgramDto,
  response: AdminProgramResponse,
  filters: 'q (name or English label), gender, program, archived',
  conflicts: 'CAT-409-in-use (renaming one applications use), CAT-409-taken',
}) {
  constructor(protected readonly service: AdminProgramsService) {
    super();
  }
}

/** Terms of the admission catalogue, `/api/admin/terms` (issue 25), with the yearly roll-over. */
@ApiTags('catalogue')
@Controller('admin/terms')
@AdminOnly()
export class AdminTermsController extends CatalogueCrudController<Term, AdminTermDto, AdminTermResponse>({
  resource: 'terms',
  noun: 'CatalogueTerm',
  name: 'term',
  dto: AdminTermDto,
  response: AdminTermResponse,
  filters: 'q (key), archived',
  conflicts: 'CAT-409-in-use (rekeying one applications use), CAT-409-taken',
}) {
  constructor(protected readonly service: AdminTermsService) {
    super();
  }

  /**
   * Rolls a term over to the next cycle: a new term with the term's offerings, every date moved by
   * `months` (default 12); `dryRun: true` shows what would be created and writes nothing. 201 either way.
   * 404 REQ-404; 409 CAT-409-taken when the new key exists.
   */
  @Post(':id/roll-over')
  @ApiOperation({ operationId: 'rollOverCatalogueTerm', summary: 'Copy a term and its offerings to the next cycle' })
  @ApiCreatedResponse({ type: RollOverResponse })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001' })
  @ApiConflictResponse({ description: 'CAT-409-taken' })
  rollOver(@Param('id') id: string, @Body() dto: RollOverDto, @CurrentUser() user: User): Promise<RollOverResponse> {
    return this.service.rollOver(id, dto, user);
  }
}

/** Offerings (program × term) of the admission catalogue, `/api/admin/offerings` (issue 25). */
@ApiTags('catalogue')
@Controller('admin/offerings')
@AdminOnly()
export class AdminOfferingsController extends CatalogueCrudController<Offering, AdminOfferingDto, AdminOfferingResponse>({
  resource: 'offerings',
  noun: 'CatalogueOffering',
  name: 'offering',
  dto: AdminOfferingDto,
  response: AdminOfferingResponse,
  filters: 'termId, programId, gender, open, archived, acceptingNow',
  conflicts: 'CAT-409-in-use (moving one applications use), CAT-409-taken',
}) {
  constructor(protected readonly service: AdminOfferingsService) {
    super();
  }
}
