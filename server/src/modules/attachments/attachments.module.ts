import { Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { join, resolve } from 'node:path';
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
import { FILE_STORAGE, type FileStorage } from './storage/file-storage.js';
import { LocalFileStorage } from './storage/local-file-storage.js';

/**
 * Picks the storage of the configuration: S3 when `S3_BUCKET` is set, else `DATA_DIR/uploads`. The S3
 * client (a large module graph) is imported only when S3 is configured (issue 12: lazy start-up).
 */
export async function createFileStorage(config: AppConfig): Promise<FileStorage> {
  const storage = config.S3_BUCKET
    ? new (await import('./storage/s3-file-storage.js')).S3FileStorage({
        bucket: config.S3_BUCKET,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
      })
    : new LocalFileStorage(join(resolve(config.DATA_DIR), 'uploads'));
  new Logger('AttachmentsModule').log(`Uploads are stored in ${storage.description}`);
  return storage;
}

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
