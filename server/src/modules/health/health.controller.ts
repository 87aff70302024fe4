import { Controller, Get, HttpStatus, Inject, Logger } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ApiException } from '../../common/errors/api.exception.js';
import { RateLimitStore } from '../../common/http/rate-limit-store.js';
import { ShutdownState } from '../../common/lifecycle/shutdown-state.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';

/** Rejects after `ms` with a message naming what did not answer. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Liveness and readiness probes (DESIGN §4, issue 14). */
@ApiTags('health')
@Controller('health')
export class HealthController {
  private readonly logger = new Logger('Readiness');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rateLimitStore: RateLimitStore,
    private readonly shutdown: ShutdownState,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The process is up. */
  @Get()
  @ApiOperation({ operationId: 'getHealthLive', summary: 'Liveness' })
  @ApiOkResponse({
    schema: { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['ok'] } }, example: { status: 'ok' } },
  })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /**
   * Ready for traffic: not shutting down, PostgreSQL answers `SELECT 1` and Redis (when REDIS_URL is set)
   * answers PING, each within READINESS_TIMEOUT_MS. Otherwise 503 SRV-503, the cause logged as a warning.
   */
  @Get('ready')
  @ApiOperation({
    operationId: 'getHealthReady',
    summary: 'Readiness: not shutting down; the database (and Redis when configured) answer in time',
  })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['status', 'database', 'redis'],
      properties: {
        status: { type: 'string', enum: ['ok'] },
        database: { type: 'string', enum: ['up'] },
        redis: { type: 'string', enum: ['up', 'not configured'] },
      },
      example: { status: 'ok', database: 'up', redis: 'up' },
    },
  })
  @ApiServiceUnavailableResponse({ description: 'SRV-503 shutting down, or the database or Redis unreachable or too slow' })
  async ready(): Promise<{ status: 'ok'; database: 'up'; redis: 'up' | 'not configured' }> {
    if (this.shutdown.draining) throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, 'SRV-503');
    const ms = this.config.READINESS_TIMEOUT_MS;
    const redis = this.rateLimitStore.redis;
    try {
      await Promise.all([
        within(this.dataSource.query('SELECT 1'), ms, 'PostgreSQL'),
        redis ? within(redis.ping(), ms, 'Redis') : Promise.resolve(),
      ]);
    } catch (error) {
      this.logger.warn(`not ready: ${error instanceof Error ? error.message : String(error)}`);
      throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, 'SRV-503');
    }
    return { status: 'ok', database: 'up', redis: redis ? 'up' : 'not configured' };
  }
}
