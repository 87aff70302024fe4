import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Application } from '../applications/application.entity.js';
import { ApplicationAccessService } from './application-access.service.js';
import { ApplicationToken } from './application-token.entity.js';
import { TokenController } from './token.controller.js';
import { TokenService } from './token.service.js';

/** Tokenised links to applications and the access rule built on them (DESIGN §4). */
@Module({
  imports: [TypeOrmModule.forFeature([ApplicationToken, Application])],
  controllers: [TokenController],
  providers: [TokenService, ApplicationAccessService],
  exports: [TokenService, ApplicationAccessService],
})
export class TokenModule {}
