import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Application } from '../applications/application.entity.js';
import { ApplicationsModule } from '../applications/applications.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { TokenModule } from '../token/token.module.js';
import { ApplicationCompletionService } from './application-completion.service.js';
import { ApplicationDocumentsController } from './application-documents.controller.js';
import { Attachment } from './attachment.entity.js';
import { AttachmentsCleanupService } from './attachments-cleanup.service.js';
import { AttachmentsController } from './attachments.controller.js';
import { AttachmentsService, VIRUS_SCANNER } from './attachments.service.js';
import { ClamavScanner } from './clamav-scanner.js';
import { FILE_STORAGE } from './storage/file-storage.js';
import { createFileStorage } from './storage/file-storage.factory.js';

/** Documents of applications (spec §3, §5, §7; DESIGN §6) and the details form's finish (contract 5). */
@Module({
  imports: [TypeOrmModule.forFeature([Attachment, Application]), AuthModule, TokenModule, ApplicationsModule],
  controllers: [AttachmentsController, ApplicationDocumentsController],
  providers: [
    { provide: FILE_STORAGE, inject: [APP_CONFIG], useFactory: createFileStorage },
    {
      provide: VIRUS_SCANNER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        config.CLAMAV_HOST ? new ClamavScanner(config.CLAMAV_HOST, config.CLAMAV_PORT, config.CLAMAV_TIMEOUT_MS) : null,
    },
    AttachmentsService,
    AttachmentsCleanupService,
    ApplicationCompletionService,
  ],
  exports: [AttachmentsService, AttachmentsCleanupService, ApplicationCompletionService, FILE_STORAGE],
})
export class AttachmentsModule {}
