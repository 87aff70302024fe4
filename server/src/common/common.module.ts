import { Global, Module } from '@nestjs/common';
import { ChangeFeedService } from './cache/change-feed.service.js';
import { RateLimitStore } from './http/rate-limit-store.js';
import { I18nService } from './i18n/i18n.service.js';

/** Cross-cutting services available everywhere: translations, the rate-limit store (memory or Redis) and the change feed of the in-memory caches. */
@Global()
@Module({ providers: [I18nService, RateLimitStore, ChangeFeedService], exports: [I18nService, RateLimitStore, ChangeFeedService] })
export class CommonModule {}
