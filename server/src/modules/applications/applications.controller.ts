import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Req, UseGuards } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiCreatedResponse,
  ApiGoneResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { ApiApplicationTokenOrBearer } from '../../common/openapi/api-auth.decorators.js';
import type { Request } from 'express';
import { RateLimited } from '../../common/http/throttle.js';
import { LoggedIn, OptionalBearerAuthGuard } from '../auth/auth.guards.js';
import { ApplicationAccessService } from '../token/application-access.service.js';
import type { User } from '../users/user.entity.js';
import { ApplicationsService } from './applications.service.js';
import { SaveApplicationResponse, StartApplicationResponse } from './dto/application-record.dto.js';
import { ApplicationLinkResponse, MyApplicationsResponse } from './dto/my-applications.dto.js';
import { SaveApplicationDto } from './dto/save-application.dto.js';
import { RequirementsResponse, SubmitApplicationDto } from './dto/submit-application.dto.js';
import { StartApplicationDto } from './dto/start-application.dto.js';

/** Applications: start, list, save, requirements, submit and fresh links (DESIGN §3–§4, contracts 2 and 4). */
@ApiTags('applications')
@Controller('applications')
@UseGuards(OptionalBearerAuthGuard)
export class ApplicationsController {
  constructor(
    private readonly applications: ApplicationsService,
    private readonly access: ApplicationAccessService,
  ) {}

  /** Starts an application; rate limited per IP. A logged-in caller becomes its owner. */
  @Post()
  @RateLimited()
  @ApiOperation({ summary: 'Start an application; answers its token, id and record' })
  @ApiCreatedResponse({ type: StartApplicationResponse })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001 (also when the program, semester or location is not offered)' })
  @ApiServiceUnavailableResponse({ description: 'MAI-002 maintenance in progress' })
  start(@Body() dto: StartApplicationDto, @Req() request: Request & { user?: User }): Promise<StartApplicationResponse> {
    return this.applications.start(dto, request.user);
  }

  /** Saves fields of a step with the version guard. Token (header or query), owner or admin only. */
  @Patch(':id')
  @ApiOperation({ operationId: 'updateApplication', summary: 'Save a step (partial); stale version → 409 APP-409 with the current record' })
  @ApiApplicationTokenOrBearer()
  @ApiOkResponse({ type: SaveApplicationResponse })
  @ApiConflictResponse({ description: 'APP-409; `data` is the current record' })
  @ApiGoneResponse({ description: 'TKN-002 no longer a draft; TKN-003 token expired' })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001 with per-field errors' })
  async save(
    @Param('id', new ParseUUIDPipe({ version: '4' })) id: string,
    @Body() dto: SaveApplicationDto,
    @Req() request: Request & { user?: User },
  ): Promise<SaveApplicationResponse> {
    const application = await this.access.authorize(request, id);
    return { success: true, data: await this.applications.save(application, dto) };
  }

  /**
   * The logged-in applicant's applications with status, stepReached, Payment_Status, referenceNumber
   * and the next action; applications started with the same e-mail and owned by nobody become theirs.
   */
  @Get()
  @LoggedIn()
  @ApiOperation({
    operationId: 'listMyApplications',
    summary: "The caller's own applications, each with its next action (continue | pay | details | receipt | none)",
  })
  @ApiOkResponse({ type: MyApplicationsResponse })
  async listMine(@Req() request: Request & { user: User }): Promise<MyApplicationsResponse> {
    return { success: true, data: await this.applications.listMine(request.user) };
  }

  /** Contract 2: the steps, sections, required fields and attachment slots that apply (token, owner or admin). */
  @Get(':id/requirements')
  @ApiOperation({
    operationId: 'getApplicationRequirements',
    summary: 'Steps, sections, required fields and attachment slots of this application (one server rule set)',
  })
  @ApiApplicationTokenOrBearer()
  @ApiOkResponse({ type: RequirementsResponse })
  @ApiForbiddenResponse({ description: 'AUTH-403 not this application' })
  async requirements(
    @Param('id', new ParseUUIDPipe({ version: '4' })) id: string,
    @Req() request: Request & { user?: User },
  ): Promise<RequirementsResponse> {
    const application = await this.access.authorize(request, id);
    return this.applications.requirements(application);
  }

  /**
   * Contract 4: review and certify. 200 with the record (certifiedAt set, stepReached ≥ 8, status still
   * draft until the payment); 422 VAL-001 with `errors` and `data.missing` [{field, step}].
   */
  @Post(':id/submit')
  @HttpCode(200)
  @ApiOperation({ summary: 'Certify and sign the application (review step); payment submits it' })
  @ApiApplicationTokenOrBearer()
  @ApiOkResponse({ type: SaveApplicationResponse })
  @ApiConflictResponse({ description: 'APP-409; `data` is the current record' })
  @ApiGoneResponse({ description: 'TKN-002 no longer a draft' })
  @ApiUnprocessableEntityResponse({
    description: 'VAL-001: `errors` per field, `data.missing` = [{field, step}]; signature mismatch on fullNameSignature',
  })
  async submit(
    @Param('id', new ParseUUIDPipe({ version: '4' })) id: string,
    @Body() dto: SubmitApplicationDto,
    @Req() request: Request & { user?: User },
  ): Promise<SaveApplicationResponse> {
    const application = await this.access.authorize(request, id);
    return { success: true, data: await this.applications.submit(application, dto) };
  }

  /** A fresh tokenised link (application form for a draft, details form once submitted) for the /home list. */
  @Post(':id/link')
  @HttpCode(200)
  @ApiOperation({ summary: 'Issue a fresh link to open this application (owner, admin or token holder)' })
  @ApiOkResponse({ type: ApplicationLinkResponse })
  @ApiGoneResponse({ description: 'TKN-002 complete or withdrawn' })
  async link(
    @Param('id', new ParseUUIDPipe({ version: '4' })) id: string,
    @Req() request: Request & { user?: User },
  ): Promise<ApplicationLinkResponse> {
    const application = await this.access.authorize(request, id);
    return this.applications.link(application);
  }
}
