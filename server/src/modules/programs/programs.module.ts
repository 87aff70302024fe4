import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Program } from './program.entity.js';
import { ProgramsController } from './programs.controller.js';
import { ProgramsService } from './programs.service.js';

/** Program catalogue by gender (spec §3). */
@Module({
  imports: [TypeOrmModule.forFeature([Program])],
  controllers: [ProgramsController],
  providers: [ProgramsService],
  exports: [ProgramsService],
})
export class ProgramsModule {}
