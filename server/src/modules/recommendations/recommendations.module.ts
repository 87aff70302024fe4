import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AttachmentsModule } from '../attachments/attachments.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { MailModule } from '../mail/mail.module.js';
import { ProgramsModule } from '../programs/programs.module.js';
import { TokenModule } from '../token/token.module.js';
import { RecommendationMailService } from './recommendation-mail.service.js';
import { RecommendationRemindersService } from './recommendation-reminders.service.js';
import { Recommendation } from './recommendation.entity.js';
import { RecommendationsController } from './recommendations.controller.js';
import { RecommendationsRepository } from './recommendations.repository.js';
import { RecommendationsService } from './recommendations.service.js';
import { RecommenderController } from './recommender.controller.js';

/** Recommenders who answer by link, with no account (issue 15 item 1): requests, the recommender's page API, e-mails and reminders. */
@Module({
  imports: [TypeOrmModule.forFeature([Recommendation]), AuthModule, TokenModule, MailModule, AttachmentsModule, ProgramsModule],
  controllers: [RecommendationsController, RecommenderController],
  providers: [RecommendationsRepository, RecommendationsService, RecommendationMailService, RecommendationRemindersService],
  exports: [RecommendationsService],
})
export class RecommendationsModule {}
