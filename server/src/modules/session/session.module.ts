import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SessionController } from './session.controller.js';
import { FormSession } from './session.entity.js';
import { SessionService } from './session.service.js';

/** Form sessions (spec §3, §4, §7). */
@Module({
  imports: [TypeOrmModule.forFeature([FormSession])],
  controllers: [SessionController],
  providers: [SessionService],
  exports: [SessionService],
})
export class SessionModule {}
