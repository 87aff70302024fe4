import { RequiresScope } from '../api-keys/api-key-scopes.js';
import { Controller, Delete, Get, HttpCode, Param, Post, Req, Res, StreamableFile, UseGuards } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { SuccessResponse } from '../../common/openapi/success.response.js';
import { ApiApplicationTokenOrBearer } from '../../common/openapi/api-auth.decorators.js';
import type { Request as ExpressRequest, Response } from 'express';
import { OptionalBearerAuthGuard } from '../auth/auth.guards.js';
import { ATTACHMENT_SLOTS } from './attachment-slots.js';
import { AttachmentsService } from './attachments.service.js';
import { AttachmentResponse } from './dto/attachment.dto.js';
import type { User } from '../users/user.entity.js';

type Request = ExpressRequest & { user?: User };

const MULTIPART_BODY = {
  schema: {
    type: 'object',
    required: ['parentId', 'field', 'file'],
    properties: {
      parentId: { type: 'string', format: 'uuid', description: "the application's Id (send before `file`)" },
      field: { type: 'string', enum: [...ATTACHMENT_SLOTS], description: 'slot name (send before `file`)' },
      file: { type: 'string', format: 'binary', description: 'PDF, JPEG, PNG, DOC or DOCX (picture: JPEG/PNG); ≤ 10 MiB' },
    },
  },
};

const FILE_ERRORS =
  'VAL-001 (parentId, field) or, with `errors.file`: ATT-001 no file, ATT-002 empty, ATT-003 too large ' +
  '(file or application total), ATT-004 type not allowed for the slot, ATT-005 infected, ATT-006 PDF with JavaScript, ' +
  'ATT-007 PDF with a launch action, ATT-008 PDF with embedded files, ATT-009 Word file with macros or embedded code, ' +
  'ATT-010 expands too far (archive or image), ATT-011 damaged, ATT-012 encrypted PDF. JPEG and PNG are stored re-encoded ' +
  '(no metadata, no trailing bytes): size and sha256 describe the stored bytes';

/**
 * Spec §7 attachment calls (multipart `parentId`, `field`, `file`) and the file actions of the details
 * form. Caller: the application's token (`X-Application-Token` or `?token`), its logged-in owner, or an
 * admin; anything else is refused and logged.
 */
@ApiTags('attachments')
@Controller('details/attachments')
@UseGuards(OptionalBearerAuthGuard)
@ApiApplicationTokenOrBearer()
export class AttachmentsController {
  constructor(private readonly attachments: AttachmentsService) {}

  /** Checks a file for a slot (content type, size, virus scan) without storing it. */
  @Post('validate')
  @HttpCode(200)
  @ApiOperation({ summary: 'Check a file for a slot without storing it; answer read from data.data' })
  @ApiConsumes('multipart/form-data')
  @ApiBody(MULTIPART_BODY)
  @ApiOkResponse({ type: AttachmentResponse })
  @ApiUnprocessableEntityResponse({ description: FILE_ERRORS })
  @ApiForbiddenResponse({ description: 'AUTH-403 parentId is not the caller’s application' })
  validate(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<AttachmentResponse> {
    return this.attachments.receive(request, response, 'validate');
  }

  /** Checks and stores a file in a slot, replacing the slot's current file (kept as history). */
  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Upload a file to a slot (replaces the current one); answer read from data.data' })
  @ApiConsumes('multipart/form-data')
  @ApiBody(MULTIPART_BODY)
  @ApiCreatedResponse({ type: AttachmentResponse })
  @ApiConflictResponse({ description: "ATT-409-confidential the slot holds a recommender's confidential letter" })
  @ApiUnprocessableEntityResponse({ description: FILE_ERRORS })
  @ApiForbiddenResponse({ description: 'AUTH-403 parentId is not the caller’s application' })
  upload(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<AttachmentResponse> {
    return this.attachments.receive(request, response, 'store');
  }

  /** Removes the current file of a slot (kept as history); refused (409 ATT-409-complete) once the application is complete. */
  @Delete(':id')
  @ApiOperation({ summary: 'Remove an attachment (kept as history)' })
  @ApiOkResponse({ type: SuccessResponse })
  @ApiNotFoundResponse({ description: 'ATT-404 unknown or not current' })
  @ApiForbiddenResponse({ description: 'AUTH-403 another application' })
  @ApiConflictResponse({ description: 'ATT-409-complete the application is complete: its documents stay' })
  async remove(@Param('id') id: string, @Req() request: Request): Promise<SuccessResponse> {
    const row = await this.attachments.authorizedAttachment(request, id);
    await this.attachments.remove(row);
    return { success: true };
  }

  /**
   * Downloads a stored file with its original name (Content-Disposition: attachment, RFC 6266 encoded).
   * Callers: the application's token or owner, an admin, an assigned reader, or an API key with
   * `applications:read` (issue 26 item 8: integrators sync the documents the application detail lists).
   */
  @Get(':id/download')
  @RequiresScope('applications:read')
  @ApiOperation({ summary: 'Download a stored file (application-scoped or admin)' })
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({ description: 'the bytes, with the detected Content-Type and the original name' })
  @ApiNotFoundResponse({ description: 'ATT-404 unknown attachment' })
  @ApiForbiddenResponse({ description: 'AUTH-403 another application' })
  async download(
    @Param('id') id: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    const row = await this.attachments.authorizedAttachment(request, id);
    const stream = await this.attachments.open(row);
    response.attachment(row.originalName);
    response.setHeader('Content-Type', row.detectedType);
    response.setHeader('Content-Length', String(row.sizeBytes));
    response.setHeader('Cache-Control', 'private, no-store');
    return new StreamableFile(stream);
  }
}
