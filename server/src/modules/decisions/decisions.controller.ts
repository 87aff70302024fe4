import { Controller, Get, Param, ParseUUIDPipe, Req, Res, StreamableFile, UseGuards } from '@nestjs/common';
import {
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiApplicationTokenOrBearer } from '../../common/openapi/api-auth.decorators.js';
import { OptionalBearerAuthGuard } from '../auth/auth.guards.js';
import { ApplicationAccessService } from '../token/application-access.service.js';
import type { User } from '../users/user.entity.js';
import { ChecklistService } from './checklist.service.js';
import { DecisionsService } from './decisions.service.js';
import { ChecklistResponse } from './dto/checklist.dto.js';
import { DecisionLetterResponse } from './dto/decision.dto.js';

/**
 * The applicant's side of issue 15: the checklist of an application and its released decision letter
 * (HTML and PDF). Token (header `X-Application-Token` or query `token`), the logged-in owner, or an admin.
 */
@ApiTags('applications')
@Controller('applications')
@UseGuards(OptionalBearerAuthGuard)
@ApiApplicationTokenOrBearer()
@ApiForbiddenResponse({ description: 'AUTH-403 not this application' })
export class DecisionsController {
  constructor(
    private readonly access: ApplicationAccessService,
    private readonly checklist: ChecklistService,
    private readonly decisions: DecisionsService,
  ) {}

  /** What is received, awaiting and waived (form steps, fee, document slots, recommendations), the deadline and the released decision. */
  @Get(':id/checklist')
  @ApiOperation({
    operationId: 'getApplicationChecklist',
    summary: "The applicant's checklist: received, awaiting and waived items, deadline, released decision",
  })
  @ApiOkResponse({ type: ChecklistResponse })
  async checklistOf(
    @Param('id', new ParseUUIDPipe({ version: '4' })) id: string,
    @Req() request: Request & { user?: User },
  ): Promise<ChecklistResponse> {
    return this.checklist.of(await this.access.authorize(request, id));
  }

  /** The released decision letter in the application's language. 404 DEC-404 before release (or with no decision). */
  @Get(':id/decision')
  @ApiOperation({
    operationId: 'getReleasedDecisionLetter',
    summary: 'The released decision letter (HTML and text) in the application language',
  })
  @ApiOkResponse({ type: DecisionLetterResponse })
  @ApiNotFoundResponse({ description: 'DEC-404 no released decision' })
  async letter(
    @Param('id', new ParseUUIDPipe({ version: '4' })) id: string,
    @Req() request: Request & { user?: User },
  ): Promise<DecisionLetterResponse> {
    return this.decisions.released(await this.access.authorize(request, id));
  }

  /** The released letter as a PDF download. 404 DEC-404 before release; 422 DEC-422-pdf for zh-CN letters (print the page). */
  @Get(':id/decision/pdf')
  @ApiOperation({ operationId: 'downloadDecisionLetterPdf', summary: 'The released decision letter as a PDF' })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'application/pdf attachment' })
  @ApiNotFoundResponse({ description: 'DEC-404' })
  @ApiUnprocessableEntityResponse({ description: 'DEC-422-pdf the letter needs a CJK font' })
  async pdf(
    @Param('id', new ParseUUIDPipe({ version: '4' })) id: string,
    @Req() request: Request & { user?: User },
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    const file = await this.decisions.releasedPdf(await this.access.authorize(request, id));
    response.attachment(file.name);
    response.setHeader('Content-Type', 'application/pdf');
    response.setHeader('Cache-Control', 'private, no-store');
    return new StreamableFile(Buffer.from(file.bytes));
  }
}
