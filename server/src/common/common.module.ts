import { Global, Module } from '@nestjs/common';
import { ChangeFeedService } from './cache/change-feed.service.js';
import { RateLimitStore } from './http/rate-limit-store.js';
import { I18nService } from './i18n/i18n.service.js';
import { ShutdownState } from './lifecycle/shutdown-state.js';

/** Cross-cutting services available everywhere: translations, the rate-limit store (memory or Redis), the change feed of the in-memory caches and the shutdown state. */
@Global()
@Module({
  providers: [I18nService, RateLimitStore, ChangeFeedService, ShutdownState],
  exports: [I18nService, RateLimitStore, ChangeFeedService, ShutdownState],
})
export class CommonModule {}
