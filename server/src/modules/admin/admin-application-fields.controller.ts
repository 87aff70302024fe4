import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequiresScope } from '../api-keys/api-key-scopes.js';
import { registeredFields } from '../applications/application-fields.js';
import { APPLICATION_STEPS } from '../applications/application-steps.js';
import { AdminOnly, AllowReaders } from '../auth/auth.guards.js';
import { ApplicationFieldDto, ApplicationFieldsResponse, FieldFamilyDto } from './dto/application-fields.dto.js';

/**
 * `GET /api/admin/application-fields`: the server's field → step registry (`application-fields.ts`), so the
 * console groups an application's answers by step without a copy of it (issue 14 item 5).
 */
@ApiTags('admin')
@Controller('admin/application-fields')
@AdminOnly()
export class AdminApplicationFieldsController {
  /**
   * The form's steps 1–8 (`{ number, key }`) and every answer field `{ name, step, family? }` in form order
   * (`family` names the step-5 course rows and subject pairs). The same for every caller and every
   * deployment (it changes only with a release). Readers may call it, like the application it describes
   * (issue 15); API keys need `applications:read`. 401 without a token, 403 for applicants.
   */
  @Get()
  @AllowReaders()
  @RequiresScope('applications:read')
  @ApiOperation({ operationId: 'listAdminApplicationFields', summary: 'The answer fields of an application and their steps' })
  @ApiOkResponse({ type: ApplicationFieldsResponse })
  list(): ApplicationFieldsResponse {
    return {
      steps: APPLICATION_STEPS.map(({ number, key }) => ({ number, key })),
      fields: registeredFields().map(({ name, step, family }): ApplicationFieldDto =>
        family ? { name, step, family: FieldFamilyDto.from(family) } : { name, step },
      ),
    };
  }
}
