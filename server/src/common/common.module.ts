import { Global, Module } from '@nestjs/common';
import { RateLimitStore } from './http/rate-limit-store.js';
import { I18nService } from './i18n/i18n.service.js';

/** Cross-cutting services available everywhere: translations and the rate-limit store (memory or Redis). */
@Global()
@Module({ providers: [I18nService, RateLimitStore], exports: [I18nService, RateLimitStore] })
export class CommonModule {}
