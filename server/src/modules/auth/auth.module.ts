import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../users/users.module.js';
import { AccessToken } from './access-token.entity.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { BearerStrategy } from './bearer.strategy.js';

/** Login, register, logout, current user; bearer tokens hashed at rest (DESIGN §4–§5). */
@Module({
  imports: [PassportModule, UsersModule, TypeOrmModule.forFeature([AccessToken])],
  controllers: [AuthController],
  providers: [AuthService, BearerStrategy],
  exports: [AuthService],
})
export class AuthModule {}
