import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApplicationWordsService } from './application-words.service.js';
import { Program } from './program.entity.js';
import { ProgramsController } from './programs.controller.js';
import { ProgramsService } from './programs.service.js';

/** Program catalogue by gender (spec §3), and an application's words in its language for e-mails (issue 11). */
@Module({
  imports: [TypeOrmModule.forFeature([Program])],
  controllers: [ProgramsController],
  providers: [ProgramsService, ApplicationWordsService],
  exports: [ProgramsService, ApplicationWordsService],
})
export class ProgramsModule {}
