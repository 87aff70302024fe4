import { Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { ApiApplicationTokenOrBearer } from '../../common/openapi/api-auth.decorators.js';
import type { Request as ExpressRequest } from 'express';
import { SaveApplicationResponse } from '../applications/dto/application-record.dto.js';
import { OptionalBearerAuthGuard } from '../auth/auth.guards.js';
import { ApplicationAccessService } from '../token/application-access.service.js';
import { ApplicationCompletionService } from './application-completion.service.js';
import { AttachmentsService, isOfficeCaller } from './attachments.service.js';
import { AttachmentListResponse } from './dto/attachment.dto.js';
import type { User } from '../users/user.entity.js';

type Request = ExpressRequest & { user?: User };

/** The documents of one application, and finishing the details form (BRIEF contract 5). */
@ApiTags('attachments')
@Controller('applications')
@UseGuards(OptionalBearerAuthGuard)
@ApiApplicationTokenOrBearer()
export class ApplicationDocumentsController {
  constructor(
    private readonly access: ApplicationAccessService,
    private readonly attachments: AttachmentsService,
    private readonly completion: ApplicationCompletionService,
  ) {}

  /**
   * The application's current attachments, one per filled slot (with `history=true` also replaced and removed ones).
   * A recommendation letter whose recommender's right to see it was waived is listed to office staff only (issue 15).
   */
  @Get(':id/attachments')
  @ApiOperation({ summary: "List an application's attachments" })
  @ApiQuery({ name: 'history', required: false, type: Boolean })
  @ApiOkResponse({ type: AttachmentListResponse })
  async list(
    @Param('id', new ParseUUIDPipe()) id: string,
    @Req() request: Request,
    @Query('history') history?: string,
  ): Promise<AttachmentListResponse> {
    const application = await this.access.authorize(request, id);
    const withHistory = history === 'true' || history === '1';
    return { success: true, data: await this.attachments.list(application, withHistory, isOfficeCaller(request)) };
  }

  /** Moves a submitted (paid or waived) application to `complete` when every required slot holds a file. */
  @Post(':id/complete')
  @HttpCode(200)
  @ApiOperation({ operationId: 'completeApplicationDocuments', summary: 'Finish the details form: submitted → complete' })
  @ApiOkResponse({ type: SaveApplicationResponse })
  @ApiConflictResponse({ description: 'DET-409 the application is not submitted (unpaid, or withdrawn)' })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001 with errors per missing slot and data.missing: slot names' })
  async complete(@Param('id', new ParseUUIDPipe()) id: string, @Req() request: Request): Promise<SaveApplicationResponse> {
    const application = await this.access.authorize(request, id);
    return { success: true, data: await this.completion.complete(application) };
  }
}
