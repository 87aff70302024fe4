import { Module } from '@nestjs/common';
import { AppConfigController } from './app-config.controller.js';

/** Public configuration endpoint. */
@Module({ controllers: [AppConfigController] })
export class AppConfigModule {}
