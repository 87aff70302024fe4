import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { DropdownsModule } from '../dropdowns/dropdowns.module.js';
import { ProgramsModule } from '../programs/programs.module.js';
import { ClassShapeController } from './class-shape.controller.js';
import { ClassShapeService } from './class-shape.service.js';
import { SeatsService } from './seats.service.js';

/**
 * Enrollment (issue 29): what the office sees of the class once decisions are out — the class taking shape
 * per offering and term (item 5). Exports {@link ClassShapeService} for the Dashboard Home figures, and
 * {@link SeatsService} (item 4: seats against admits) for the decisions and the waitlist.
 */
@Module({
  imports: [AuthModule, DropdownsModule, ProgramsModule],
  controllers: [ClassShapeController],
  providers: [ClassShapeService, SeatsService],
  exports: [ClassShapeService, SeatsService],
})
export class EnrollmentModule {}
