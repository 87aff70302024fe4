import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuditService } from '../admin/audit.service.js';
import { AdminOnly } from '../auth/auth.guards.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { RecipientEmailParam, RecipientStateResponse } from './dto/recipient.dto.js';
import { RecipientsService } from './recipients.service.js';

/** What an address receives, and lifting a hard-bounce suppression by hand (issue 30 item 5). Admins only. */
@ApiTags('admin')
@Controller('admin/outreach-recipients')
@AdminOnly()
export class AdminOutreachRecipientsController {
  constructor(
    private readonly recipients: RecipientsService,
    private readonly audit: AuditService,
  ) {}

  /** Whether the address takes marketing messages and whether it is suppressed (an address never seen takes everything). */
  @Get(':email')
  @ApiOperation({ operationId: 'getOutreachRecipient', summary: 'What an address receives' })
  @ApiOkResponse({ type: RecipientStateResponse })
  async get(@Param() param: RecipientEmailParam): Promise<RecipientStateResponse> {
    return RecipientStateResponse.from(await this.recipients.state(param.email));
  }

  /**
   * Lifts a hard-bounce suppression (the office confirmed the address works, e.g. by phone); the account's own
   * re-verification lifts it too. Audited `clear-suppression` (resource `outreach-recipients`).
   */
  @Post(':email/clear-suppression')
  @HttpCode(200)
  @ApiOperation({ operationId: 'clearOutreachSuppression', summary: "Lift an address's hard-bounce suppression" })
  @ApiOkResponse({ type: RecipientStateResponse })
  async clear(@Param() param: RecipientEmailParam, @CurrentUser() user: User): Promise<RecipientStateResponse> {
    const before = RecipientStateResponse.from(await this.recipients.state(param.email));
    await this.recipients.clearSuppression(param.email);
    const after = RecipientStateResponse.from(await this.recipients.state(param.email));
    await this.audit.record({
      actor: user,
      action: 'clear-suppression',
      resource: 'outreach-recipients',
      recordId: after.email,
      before,
      after,
    });
    return after;
  }
}
