import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { createRequire } from 'node:module';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';

/** What a limiter counts: `points` per `duration` seconds; `name` keeps its keys apart from other limiters. */
export interface LimiterOptions {
  name: string;
  points: number;
  duration: number;
}

/**
 * Builds the rate limiters of the app on one store (DESIGN §11): `RateLimiterRedis` on one shared
 * ioredis connection when `REDIS_URL` is set, so every replica sees the same counters, else
 * `RateLimiterMemory` (one process). Keys are `<RATE_LIMIT_KEY_PREFIX>:<name>:<key>`.
 * With Redis, a memory limiter insures each one: while Redis is unreachable the limits still hold per process.
 */
@Injectable()
export class RateLimitStore implements OnModuleDestroy {
  private readonly logger = new Logger(RateLimitStore.name);
  /** The shared Redis connection, or null for the memory store. */
  readonly redis: Redis | null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    // ioredis is loaded only with REDIS_URL (issue 12: lazy start-up).
    const RedisClient = config.REDIS_URL ? (createRequire(import.meta.url)('ioredis') as typeof import('ioredis')).Redis : null;
    this.redis = RedisClient ? new RedisClient(config.REDIS_URL!, { maxRetriesPerRequest: 1, enableOfflineQueue: true }) : null;
    this.redis?.on('error', (error: Error) => this.logger.warn(`Redis: ${error.message}`));
  }

  /** `redis` or `memory`. */
  get kind(): 'redis' | 'memory' {
    return this.redis ? 'redis' : 'memory';
  }

  /** A new limiter on this store. */
  create(options: LimiterOptions): RateLimiterAbstract {
    const keyPrefix = `${this.config.RATE_LIMIT_KEY_PREFIX}:${options.name}`;
    const memory = new RateLimiterMemory({ points: options.points, duration: options.duration, keyPrefix });
    if (!this.redis) return memory;
    return new RateLimiterRedis({
      storeClient: this.redis,
      points: options.points,
      duration: options.duration,
      keyPrefix,
      insuranceLimiter: memory,
    });
  }

  async onModuleDestroy(): Promise<void> {
    if (this.redis && this.redis.status !== 'end') await this.redis.quit().catch(() => this.redis?.disconnect());
  }
}
