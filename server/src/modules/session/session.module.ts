import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module.js';
import { TokenModule } from '../token/token.module.js';
import { SessionController } from './session.controller.js';
import { FormSession } from './session.entity.js';
import { SessionService } from './session.service.js';

/** Form sessions (spec §3, §4, §7). */
@Module({
  imports: [TypeOrmModule.forFeature([FormSession]), AuthModule, TokenModule],
  controllers: [SessionController],
  providers: [SessionService],
  exports: [SessionService],
})
export class SessionModule {}
