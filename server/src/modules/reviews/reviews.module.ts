import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminModule } from '../admin/admin.module.js';
import { AttachmentsModule } from '../attachments/attachments.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { AdminAssignmentsController } from './admin-assignments.controller.js';
import { AdminReviewCriteriaController } from './admin-review-criteria.controller.js';
import { AdminReviewsController } from './admin-reviews.controller.js';
import { ApplicationAssignment } from './application-assignment.entity.js';
import { ApplicationReview } from './application-review.entity.js';
import { AssignmentsService } from './assignments.service.js';
import { ReviewCriteriaService } from './review-criteria.service.js';
import { ReviewCriterion } from './review-criterion.entity.js';
import { ReviewsService } from './reviews.service.js';

/**
 * The office's reading queue (issue 15 item 2): assignments of applications to readers, "My queue", the
 * configurable review criteria and the reviews with their averages.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([ApplicationAssignment, ApplicationReview, ReviewCriterion]),
    AdminModule,
    AuthModule,
    AttachmentsModule,
  ],
  controllers: [AdminAssignmentsController, AdminReviewCriteriaController, AdminReviewsController],
  providers: [AssignmentsService, ReviewCriteriaService, ReviewsService],
})
export class ReviewsModule {}
