import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import { StorageNotFoundError, type FileStorage, type StoredObject } from './file-storage.js';

/** Connection settings of an S3-compatible store (the `S3_*` configuration). */
export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
}

/**
 * {@link FileStorage} on an S3-compatible bucket (AWS S3, MinIO, R2, …). Uploads go through
 * `@aws-sdk/lib-storage`'s `Upload` with one part in flight (`queueSize: 1`, 5 MiB parts), so at most
 * about two parts of a file are in memory however large it is.
 */
export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    const config: S3ClientConfig = {
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
    };
    if (options.accessKeyId && options.secretAccessKey) {
      config.credentials = { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey };
    }
    this.client = new S3Client(config);
  }

  get description(): string {
    return `S3 bucket ${this.options.bucket}${this.options.endpoint ? ` at ${this.options.endpoint}` : ''}`;
  }

  async put(key: string, body: Readable, contentType?: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.options.bucket, Key: key, Body: body, ContentType: contentType ?? 'application/octet-stream' },
      queueSize: 1,
      partSize: 5 * 1024 * 1024,
      leavePartsOnError: false,
    });
    // lib-storage reads the body with its own iterator: a destroyed body must fail the upload.
    const failed = new Promise<never>((_, reject) => body.once('error', reject));
    failed.catch(() => undefined);
    await Promise.race([upload.done(), failed]).catch(async (error: unknown) => {
      await upload.abort().catch(() => undefined);
      throw error;
    });
  }

  async get(key: string): Promise<Readable> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return answer.Body as Readable;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') throw new StorageNotFoundError(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  async *list(prefix = ''): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: prefix || undefined, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key) yield { key: item.Key, size: item.Size ?? 0, lastModified: item.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Releases the HTTP connections. */
  destroy(): void {
    this.client.destroy();
  }
}
