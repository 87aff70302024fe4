import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { JobsService } from '../jobs/jobs.service.js';
import { FILE_STORAGE, type FileStorage } from './storage/file-storage.js';

/** Arbitrary constant key of the advisory lock that lets one replica at a time run the clean-up. */
const CLEANUP_LOCK_KEY = 7_261_401;
/** pg-boss queue of the clean-up (shown on the admin Jobs view). */
export const CLEANUP_QUEUE = 'attachments-orphan-cleanup';

/** What one clean-up run did. */
export interface CleanupReport {
  /** False when another replica held the lock, so this run did nothing. */
  ran: boolean;
  /** Storage keys deleted (objects without an attachment row, older than the threshold). */
  deleted: string[];
}

/**
 * Deletes stored objects that no attachment row refers to (DESIGN §6, §11): what an upload interrupted
 * half-way (client gone, server killed) may leave behind. Runs every `UPLOAD_CLEANUP_INTERVAL_MINUTES` as the
 * periodic pg-boss job {@link CLEANUP_QUEUE} (once per period across replicas; a failed run is retried with
 * back-off); each run also holds a transaction-scoped PostgreSQL advisory lock (`pg_try_advisory_xact_lock`),
 * so a direct call never overlaps a scheduled run.
 * Only objects older than `UPLOAD_ORPHAN_MINUTES` are touched, so uploads still streaming are safe.
 */
@Injectable()
export class AttachmentsCleanupService implements OnModuleInit {
  private readonly logger = new Logger(AttachmentsCleanupService.name);

  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
  ) {}

  /** Defines the periodic clean-up job (pg-boss starts it on bootstrap). */
  onModuleInit(): void {
    this.jobs.define({
      queue: CLEANUP_QUEUE,
      everySeconds: this.config.UPLOAD_CLEANUP_INTERVAL_MINUTES * 60,
      policy: 'singleton',
      handler: () => this.run(),
    });
  }

  /**
   * One clean-up run (also called by tests).
   * @param now the current time (tests pass a later one instead of waiting)
   * @returns whether this replica ran it and which keys it deleted
   */
  async run(now: Date = new Date()): Promise<CleanupReport> {
    const threshold = now.getTime() - this.config.UPLOAD_ORPHAN_MINUTES * 60_000;
    return this.dataSource.transaction(async (manager) => {
      const [{ locked }] = (await manager.query('SELECT pg_try_advisory_xact_lock($1) AS locked', [CLEANUP_LOCK_KEY])) as {
        locked: boolean;
      }[];
      if (!locked) return { ran: false, deleted: [] };
      const deleted: string[] = [];
      let batch: string[] = [];
      const flush = async () => {
        if (!batch.length) return;
        const known = (await manager.query('SELECT storage_key FROM attachments WHERE storage_key = ANY($1)', [batch])) as {
          storage_key: string;
        }[];
        const referenced = new Set(known.map((r) => r.storage_key));
        for (const key of batch) {
          if (referenced.has(key)) continue;
          await this.storage.delete(key);
          deleted.push(key);
        }
        batch = [];
      };
      for await (const object of this.storage.list('applications/')) {
        if (object.lastModified.getTime() > threshold) continue;
        batch.push(object.key);
        if (batch.length >= 500) await flush();
      }
      await flush();
      if (deleted.length) this.logger.log(`Deleted ${deleted.length} orphan upload(s) from ${this.storage.description}`);
      return { ran: true, deleted };
    });
  }
}
