import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiException } from '../../common/errors/api.exception.js';
import { setContentRange } from '../../common/http/simple-rest.js';
import { DECISIONS, type Decision } from '../applications/application.entity.js';
import { AdminOnly } from '../auth/auth.guards.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { DecisionTemplatesService } from './decision-templates.service.js';
import { DecisionsService } from './decisions.service.js';
import {
  DecideDto,
  DecisionLetterResponse,
  DecisionStateResponse,
  DecisionTemplateResponse,
  ReleaseDecisionsDto,
  ReleaseDecisionsResponse,
  SaveTemplateDto,
} from './dto/decision.dto.js';

/**
 * Decisions for the admissions office (issue 15 items 2–3): record, rescind, preview and release decisions;
 * edit the letter templates. Admins only (API keys have no scope for these).
 */
@ApiTags('admin')
@Controller('admin')
@AdminOnly()
export class AdminDecisionsController {
  constructor(
    private readonly decisions: DecisionsService,
    private readonly templates: DecisionTemplatesService,
  ) {}

  /** Where an application's decision stands: decision, decidedAt/By, scheduled and actual release. 404 APP-404. */
  @Get('applications/:id/decision')
  @ApiOperation({ operationId: 'getApplicationDecision', summary: "Where an application's decision stands" })
  @ApiOkResponse({ type: DecisionStateResponse })
  @ApiNotFoundResponse({ description: 'APP-404' })
  state(@Param('id') id: string): Promise<DecisionStateResponse> {
    return this.decisions.state(id);
  }

  /**
   * Records or (before release) changes the decision (`admitted` | `waitlisted` | `denied`); status becomes
   * `decided`; audited `decide`. 409 STS-409 for a draft or withdrawn application; 409 DEC-409-released after
   * release (rescind first); 409 SEAT-409-over-capacity when an admit passes the offering's seats and
   * `acknowledgeOverCapacity` is not true (issue 29 item 4; `data`: seats, taken, offersOut, requested, seatsLeft,
   * freeAfter); 422 VAL-001 for another value; 404 APP-404.
   */
  @Put('applications/:id/decision')
  @ApiOperation({ operationId: 'decideApplication', summary: 'Record or change (before release) the decision' })
  @ApiOkResponse({ type: DecisionStateResponse })
  @ApiConflictResponse({
    description:
      'STS-409 not decidable; DEC-409-released already released; SEAT-409-over-capacity an admit past the seats, not acknowledged',
  })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001' })
  decide(@Param('id') id: string, @Body() dto: DecideDto, @CurrentUser() user: User): Promise<DecisionStateResponse> {
    return this.decisions.decide(id, dto.decision, user, dto.acknowledgeOverCapacity === true);
  }

  /**
   * Rescinds the decision, released or not (the letter disappears from the applicant's pages); the status
   * goes back to complete (or submitted). Audited `rescind-decision`. 409 STS-409 when not decided.
   */
  @Post('applications/:id/decision/rescind')
  @ApiOperation({ operationId: 'rescindApplicationDecision', summary: 'Rescind a decision, released or not' })
  @HttpCode(200)
  @ApiOkResponse({ type: DecisionStateResponse })
  @ApiConflictResponse({ description: 'STS-409 no decision' })
  rescind(@Param('id') id: string, @CurrentUser() user: User): Promise<DecisionStateResponse> {
    return this.decisions.rescind(id, user);
  }

  /**
   * The letter rendered for this application in its language, as the applicant will see it. Query
   * `decision` previews another decision than the recorded one. 409 DEC-409-undecided with neither.
   */
  @Get('applications/:id/decision/preview')
  @ApiOperation({ operationId: 'previewDecisionLetter', summary: 'Preview the decision letter in the application language' })
  @ApiQuery({ name: 'decision', required: false, enum: DECISIONS })
  @ApiOkResponse({ type: DecisionLetterResponse })
  @ApiConflictResponse({ description: 'DEC-409-undecided' })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001 decision is not admitted, waitlisted or denied' })
  preview(@Param('id') id: string, @Query('decision') decision?: string): Promise<DecisionLetterResponse> {
    if (decision !== undefined && !(DECISIONS as readonly string[]).includes(decision))
      throw new ApiException(422, 'VAL-001', {
        errors: { decision: [{ key: 'validation.isIn', params: { constraint1: DECISIONS.join(', ') } }] },
      });
    return this.decisions.preview(id, decision as Decision | undefined);
  }

  /**
   * Releases one or many decided applications now, or schedules them at `at` (a UTC instant); all or none,
   * each audited `schedule-release`. The release job then e-mails each applicant once and shows the letter.
   * 409 DEC-409-undecided (`data.ids`) when one is not decided or already released; 404 APP-404.
   */
  @Post('decisions/release')
  @HttpCode(200)
  @ApiOperation({ operationId: 'releaseDecisions', summary: 'Release decisions now or at a chosen instant (bulk)' })
  @ApiOkResponse({ type: ReleaseDecisionsResponse })
  @ApiConflictResponse({ description: 'DEC-409-undecided' })
  release(@Body() dto: ReleaseDecisionsDto, @CurrentUser() user: User): Promise<ReleaseDecisionsResponse> {
    return this.decisions.release(dto.ids, dto.at, user, dto.replyBy);
  }

  /** The nine letter templates (decision × en/es/zh-CN), with `Content-Range` for react-admin. */
  @Get('decision-templates')
  @ApiOperation({ operationId: 'listDecisionTemplates', summary: 'List the decision letter templates' })
  @ApiOkResponse({ type: [DecisionTemplateResponse] })
  async templatesList(@Res({ passthrough: true }) response: Response): Promise<DecisionTemplateResponse[]> {
    const rows = await this.templates.list();
    setContentRange(response, 'decision-templates', 0, rows.length, rows.length);
    return rows;
  }

  /** One template by id `{decision}:{locale}`, e.g. `admitted:es`. 404 REQ-404. */
  @Get('decision-templates/:id')
  @ApiOperation({ operationId: 'getDecisionTemplate', summary: 'One decision letter template' })
  @ApiOkResponse({ type: DecisionTemplateResponse })
  @ApiNotFoundResponse({ description: 'REQ-404' })
  template(@Param('id') id: string): Promise<DecisionTemplateResponse> {
    return this.templates.get(id);
  }

  /**
   * Saves a template's subject and body (audited). Merge fields: {{fullName}} {{firstName}} {{lastName}} {{program}}
   * {{semester}} {{referenceNumber}}; anything else (another name, blocks, helpers, `{{{raw}}}`) → 422 VAL-001.
   */
  @Put('decision-templates/:id')
  @ApiOperation({ operationId: 'updateDecisionTemplate', summary: 'Save a decision letter template (merge fields checked)' })
  @ApiOkResponse({ type: DecisionTemplateResponse })
  @ApiNotFoundResponse({ description: 'REQ-404' })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001 unknown merge field (errors.subject / errors.body)' })
  saveTemplate(@Param('id') id: string, @Body() dto: SaveTemplateDto, @CurrentUser() user: User): Promise<DecisionTemplateResponse> {
    return this.templates.save(id, dto, user);
  }
}
