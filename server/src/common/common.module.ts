import { Global, Module } from '@nestjs/common';
import { I18nService } from './i18n/i18n.service.js';

/** Cross-cutting services available everywhere (translations). */
@Global()
@Module({ providers: [I18nService], exports: [I18nService] })
export class CommonModule {}
