import { applyDecorators, CanActivate, ExecutionContext, HttpStatus, Inject, Injectable, UseGuards } from '@nestjs/common';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { ApiException } from '../errors/api.exception.js';

/**
 * Per-client-IP limit on abuse-prone endpoints (login, register, application start), on
 * `rate-limiter-flexible`: RATE_LIMIT_PER_MINUTE requests a minute per route and IP, then 429 AUTH-429
 * with `Retry-After` (seconds). Counters live in process memory; DESIGN §11 moves them to Redis when
 * REDIS_URL is set (same library, `RateLimiterRedis`).
 *
 * (`@nestjs/throttler` 6 is CommonJS and requires the ESM-only `@nestjs/common` 12, which jest cannot
 * load on Node 20; see docs/decisions.md.)
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly limiter: RateLimiterMemory;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.limiter = new RateLimiterMemory({ points: config.RATE_LIMIT_PER_MINUTE, duration: 60, keyPrefix: 'sensitive' });
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const key = `${request.method} ${request.route?.path ?? request.path} ${request.ip}`;
    try {
      const result = await this.limiter.consume(key);
      http.getResponse<Response>().setHeader('RateLimit-Remaining', String(result.remainingPoints));
      return true;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const seconds = String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
      throw new ApiException(HttpStatus.TOO_MANY_REQUESTS, 'AUTH-429', { params: { seconds }, headers: { 'Retry-After': seconds } });
    }
  }
}

/** Marks an endpoint as rate limited by {@link RateLimitGuard}. */
export const RateLimited = () =>
  applyDecorators(UseGuards(RateLimitGuard), ApiTooManyRequestsResponse({ description: 'AUTH-429, with Retry-After (seconds)' }));
