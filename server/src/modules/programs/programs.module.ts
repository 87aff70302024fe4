import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../admin/audit.module.js';
import { AdminOfferingsController, AdminProgramsController, AdminTermsController } from './admin/admin-catalogue.controller.js';
import { AdminOfferingsService, AdminProgramsService, AdminTermsService } from './admin/admin-catalogue.service.js';
import { ApplicationWordsService } from './application-words.service.js';
import { UpcomingTermsService } from './cycle/upcoming-terms.service.js';
import { Offering } from './offering.entity.js';
import { Program } from './program.entity.js';
import { Term } from './term.entity.js';
import { ProgramsController } from './programs.controller.js';
import { ProgramsService } from './programs.service.js';

/**
 * The admission catalogue (spec §3; issue 25): programs, terms and offerings — read by applicants from memory,
 * managed by the office in the console — and an application's words in its language for e-mails (issue 11).
 */
@Module({
  imports: [TypeOrmModule.forFeature([Program, Term, Offering]), AuditModule],
  controllers: [ProgramsController, AdminProgramsController, AdminTermsController, AdminOfferingsController],
  providers: [
    ProgramsService,
    ApplicationWordsService,
    AdminProgramsService,
    AdminTermsService,
    AdminOfferingsService,
    UpcomingTermsService,
  ],
  exports: [ProgramsService, ApplicationWordsService, AdminTermsService, UpcomingTermsService],
})
export class ProgramsModule {}
