import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminModule } from '../admin/admin.module.js';
import { Application } from '../applications/application.entity.js';
import { ApplicationsModule } from '../applications/applications.module.js';
import { AttachmentsModule } from '../attachments/attachments.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { EnrollmentModule } from '../enrollment/enrollment.module.js';
import { ProgramsModule } from '../programs/programs.module.js';
import { TokenModule } from '../token/token.module.js';
import { AdminDecisionsController } from './admin-decisions.controller.js';
import { ChecklistService } from './checklist.service.js';
import { DecisionLetterTemplate } from './decision-letter-template.entity.js';
import { DecisionTemplatesService } from './decision-templates.service.js';
import { DecisionsController } from './decisions.controller.js';
import { DecisionsService } from './decisions.service.js';

/** Decisions released to applicants and the applicant's checklist (issue 15 items 2–4). */
@Module({
  imports: [
    TypeOrmModule.forFeature([Application, DecisionLetterTemplate]),
    AuthModule,
    AdminModule,
    ApplicationsModule,
    AttachmentsModule,
    EnrollmentModule,
    ProgramsModule,
    TokenModule,
  ],
  controllers: [AdminDecisionsController, DecisionsController],
  providers: [DecisionsService, DecisionTemplatesService, ChecklistService],
  exports: [DecisionsService, ChecklistService],
})
export class DecisionsModule {}
