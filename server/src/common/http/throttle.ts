import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';

/**
 * Marks an abuse-prone endpoint (login, register, application start) as rate limited per client IP:
 * RATE_LIMIT_PER_MINUTE requests a minute (ThrottlerModule in app.module), then 429 AUTH-429 with
 * `Retry-After` in seconds.
 */
export const RateLimited = () =>
  applyDecorators(UseGuards(ThrottlerGuard), ApiTooManyRequestsResponse({ description: 'AUTH-429, with Retry-After (seconds)' }));
