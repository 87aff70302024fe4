import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminApiKeysController } from './admin-api-keys.controller.js';
import { ApiKey } from './api-key.entity.js';
import { ApiKeysService } from './api-keys.service.js';

/**
 * API keys for integrators (issue 14 item 5). Global because the bearer strategy and the auth guards,
 * used by every module's controllers, resolve and authorize keys through {@link ApiKeysService}.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([ApiKey])],
  controllers: [AdminApiKeysController],
  providers: [ApiKeysService],
  exports: [ApiKeysService],
})
export class ApiKeysModule {}
