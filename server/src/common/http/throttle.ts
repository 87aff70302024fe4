import { applyDecorators, CanActivate, ExecutionContext, HttpStatus, Inject, Injectable, UseGuards } from '@nestjs/common';
import { ApiExtension, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { ApiException } from '../errors/api.exception.js';
import { RateLimitStore } from './rate-limit-store.js';

/** 429 AUTH-429 with `Retry-After` (whole seconds, at least 1) and the wait in the caller's language. */
export function tooManyAttempts(msBeforeNext: number, messageKey = 'errors.AUTH-429'): ApiException {
  const seconds = String(Math.max(1, Math.ceil(msBeforeNext / 1000)));
  return new ApiException(HttpStatus.TOO_MANY_REQUESTS, 'AUTH-429', {
    messageKey,
    params: { seconds, minutes: String(Math.ceil(Number(seconds) / 60)) },
    headers: { 'Retry-After': seconds },
  });
}

/**
 * Per-client-IP limit on abuse-prone endpoints (login, register, password e-mail and reset, application
 * start, continue), on `rate-limiter-flexible`: RATE_LIMIT_PER_MINUTE requests a minute per route and
 * IP, then 429 AUTH-429 with `Retry-After` (seconds). Counters live in Redis when REDIS_URL is set
 * (shared by every replica, DESIGN §11), else in process memory ({@link RateLimitStore}).
 *
 * (`@nestjs/throttler` 6 is CommonJS and requires the ESM-only `@nestjs/common` 12, which jest cannot
 * load on Node 20; see docs/decisions.md.)
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly limiter: RateLimiterAbstract;

  constructor(@Inject(APP_CONFIG) config: AppConfig, store: RateLimitStore) {
    this.limiter = store.create({ name: 'ip', points: config.RATE_LIMIT_PER_MINUTE, duration: 60 });
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
      throw tooManyAttempts(rejection.msBeforeNext);
    }
  }
}

/**
 * Marks an endpoint as rate limited by {@link RateLimitGuard}. In the OpenAPI document: its 429, and
 * `x-rate-limit: ip`, from which the document's post-processing declares `RateLimit-Remaining`.
 */
export const RateLimited = () =>
  applyDecorators(
    UseGuards(RateLimitGuard),
    ApiTooManyRequestsResponse({ description: 'AUTH-429, with Retry-After (seconds)' }),
    ApiExtension('x-rate-limit', 'ip'),
  );
