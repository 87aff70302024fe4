import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiSecurity } from '@nestjs/swagger';
import { APPLICATION_TOKEN_SCHEME, BEARER_SCHEME } from './openapi-document.js';

/**
 * Route or controller decorator (OpenAPI only): the operation takes the application token
 * (`X-Application-Token` header, or query `token`) OR a bearer token of the application's owner or an
 * admin — two alternative security requirements. The check itself is `ApplicationAccessService.authorize`.
 */
export const ApiApplicationTokenOrBearer = () => applyDecorators(ApiSecurity(APPLICATION_TOKEN_SCHEME), ApiBearerAuth(BEARER_SCHEME));
