import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module.js';
import { TokenModule } from '../token/token.module.js';
import { TimeLog } from './time-log.entity.js';
import { TimelogController } from './timelog.controller.js';
import { TimelogService } from './timelog.service.js';

/** Time log of form steps (spec §3, §7). */
@Module({
  imports: [TypeOrmModule.forFeature([TimeLog]), AuthModule, TokenModule],
  controllers: [TimelogController],
  providers: [TimelogService],
  exports: [TimelogService],
})
export class TimelogModule {}
