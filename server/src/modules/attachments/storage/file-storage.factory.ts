import { Logger } from '@nestjs/common';
import { join, resolve } from 'node:path';
import type { AppConfig } from '../../../config/app-config.js';
import type { FileStorage } from './file-storage.js';
import { LocalFileStorage } from './local-file-storage.js';

/**
 * Picks the storage of the configuration: S3 when `S3_BUCKET` is set, else `DATA_DIR/uploads`. The S3
 * client (a large module graph) is imported only when S3 is configured (issue 12: lazy start-up). Used by
 * the attachments module and by the backup and restore commands (issue 26 item 11), which must read the
 * store exactly as the app does.
 */
export async function createFileStorage(config: AppConfig): Promise<FileStorage> {
  const storage = config.S3_BUCKET
    ? new (await import('./s3-file-storage.js')).S3FileStorage({
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
