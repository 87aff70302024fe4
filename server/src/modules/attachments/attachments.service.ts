import { HttpStatus, Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { Request, Response } from 'express';
import multer from 'multer';
import { createHash, randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { DataSource, IsNull, type Repository } from 'typeorm';
import { ApiException, fieldError } from '../../common/errors/api.exception.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { Application } from '../applications/application.entity.js';
import { ApplicationAccessService, applicationTokenOf } from '../token/application-access.service.js';
import type { User } from '../users/user.entity.js';
import { KIND_MIME, isAttachmentSlot, kindsFor, type AcceptedKind, type AttachmentSlot } from './attachment-slots.js';
import { APPLICANT_WRITES, assertApplicantMay } from '../applications/applicant-writes.js';
import { ApplicationCompletionService } from './application-completion.service.js';
import { Attachment } from './attachment.entity.js';
import type { ClamavScanner, ScanSession } from './clamav-scanner.js';
import { toAttachmentView, type AttachmentResponse, type AttachmentView } from './dto/attachment.dto.js';
import { FILE_STORAGE, StorageNotFoundError, type FileStorage } from './storage/file-storage.js';
import { DocumentRefusedError, sanitizeDocument } from './document-sanitizer.js';
import { UploadInspector, UploadTooLargeError, type InspectionResult } from './upload-inspector.js';

/** Nest injection token of the optional {@link ClamavScanner} (null without `CLAMAV_HOST`). */
export const VIRUS_SCANNER = Symbol('VIRUS_SCANNER');

/** Validate (check, store nothing) or upload (check, store, record). */
export type UploadMode = 'validate' | 'store';

type UploadRequest = Request & { user?: User; file?: Express.Multer.File & Partial<InspectedFile> };

/** What the storage engine learned about the file part. */
interface InspectedFile {
  /** Storage key (store mode only). */
  key?: string;
  size: number;
  sha256: string;
  kind: AcceptedKind | undefined;
  detected: string | undefined;
}

/** Per-request state shared by the service and the storage engine. */
interface UploadContext {
  mode: UploadMode;
  /** The application, once known (from the token, or from `parentId` at file time). */
  application?: Application;
  /** A letter a recommender sends (issue 15): application and slot are fixed by the caller; form fields are ignored. */
  letter?: LetterTarget;
}

/** Where a recommender's letter goes: the application, its recommendation-letter slot, and whether it is confidential. */
export interface LetterTarget {
  application: Application;
  slot: string;
  confidential: boolean;
}

/** True when the caller is office staff (any logged-in role but `applicant`): they see confidential letters too. */
export function isOfficeCaller(request: Request & { user?: User }): boolean {
  return !!request.user && request.user.role !== 'applicant';
}

const CONTEXT = Symbol('uploadContext');
const MIB = 1024 * 1024;

/**
 * Attachments (spec §3 upload state, §5, §7; DESIGN §6): check, store, list, remove and serve the
 * documents of an application.
 *
 * Uploads stream: multer hands the file part to a storage engine that pipes it through an
 * {@link UploadInspector} (byte count with a hard limit, sha256, content type sniffed from the first
 * 4100 bytes, optional clamd scan) into memory — at most the per-file limit, `UPLOAD_MAX_FILE_BYTES` —
 * where {@link sanitizeDocument} refuses active content and re-encodes images (issue 26 item 3); only a
 * file that passed every check is written to the {@link FileStorage} under a generated key, so a refused
 * one leaves nothing there. The row is written after that, so an upload interrupted between the two
 * leaves at most an object without a row, which the orphan clean-up deletes.
 */
@Injectable()
export class AttachmentsService {
  private readonly logger = new Logger(AttachmentsService.name);

  constructor(
    @InjectRepository(Attachment) private readonly attachments: Repository<Attachment>,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly access: ApplicationAccessService,
    private readonly completion: ApplicationCompletionService,
    @Optional() @Inject(VIRUS_SCANNER) private readonly scanner: ClamavScanner | null,
  ) {}

  /**
   * Receives one multipart attachment call: fields `parentId` (the application's id), `field` (a slot
   * name) and `file`. With a logged-in owner or admin (no application token), `parentId` must come
   * before `file` in the form.
   * @param mode `validate` checks without storing; `store` checks, stores and records (replacing the slot's
   *        current file, which stays as history)
   * @returns `{ success: true, data: { data: <AttachmentView> } }`
   * @throws ApiException 401/403/404 when the caller may not use `parentId` (logged); 410 TKN-002 withdrawn;
   *         409 ATT-409-confidential the slot holds a recommender's confidential letter; 409 APP-409-write the
   *         status allows no upload (`APPLICANT_WRITES`: e.g. a decided file);
   *         422 VAL-001 bad `parentId`/`field`, or `errors.file` when the body is not multipart/form-data; 422 ATT-001 no file, ATT-002 empty, ATT-003 too large
   *         (file or application total), ATT-004 type not allowed for the slot, ATT-005 infected, ATT-006…ATT-012
   *         active or unreadable content (document-sanitizer.ts; a refused replacement keeps the slot's
   *         file) — all with `errors.file`; 503 SRV-503 when the virus scanner is configured but unreachable
   */
  async receive(request: Request, response: Response, mode: UploadMode): Promise<AttachmentResponse> {
    const req = request as UploadRequest;
    const context: UploadContext = { mode };
    (req as unknown as Record<symbol, UploadContext>)[CONTEXT] = context;
    if (applicationTokenOf(req)) context.application = this.assertOpen(await this.access.authorize(req));
    else if (!req.user) throw new ApiException(HttpStatus.UNAUTHORIZED, 'AUTH-401');
    if (!req.is('multipart/form-data')) {
      throw new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'VAL-001', { errors: { file: [{ key: 'validation.multipart' }] } });
    }

    await this.runMulter(req, response);
    const file = req.file;
    try {
      const { parentId, field } = this.checkedFields((req.body ?? {}) as Record<string, unknown>);
      const application = this.assertOpen(await this.access.authorize(req, parentId));
      if (!file) throw this.fileError(HttpStatus.UNPROCESSABLE_ENTITY, 'ATT-001');
      this.assertKind(field, file.kind, file.detected);
      const name = cleanName(file.originalname);
      if (mode === 'validate') {
        return {
          success: true,
          data: { data: { field, name, size: file.size!, type: KIND_MIME[file.kind!], sha256: file.sha256!, validated: true } },
        };
      }
      const row = await this.record(application, field, name, file as InspectedFile);
      this.logger.log(`Stored ${field} of application ${application.id}: ${row.sizeBytes} bytes ${row.detectedType} as ${row.storageKey}`);
      return { success: true, data: { data: toAttachmentView(row) } };
    } catch (error) {
      if (file?.key) await this.storage.delete(file.key).catch(() => undefined);
      throw error;
    }
  }

  /**
   * Stores a recommender's letter (issue 15 item 1) with the same checks as every document (content type,
   * size, application total, virus scan): multipart field `file` only; the slot and the application come
   * from the recommendation, never from the form. Replaces the slot's current file (kept as history).
   * @returns the stored row
   * @throws ApiException as {@link receive} (422 ATT-001…ATT-012, VAL-001 not multipart, 503 SRV-503)
   */
  async receiveLetter(request: Request, response: Response, target: LetterTarget): Promise<Attachment> {
    const req = request as UploadRequest;
    const context: UploadContext = { mode: 'store', application: this.assertOpen(target.application), letter: target };
    (req as unknown as Record<symbol, UploadContext>)[CONTEXT] = context;
    if (!req.is('multipart/form-data')) {
      throw new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'VAL-001', { errors: { file: [{ key: 'validation.multipart' }] } });
    }
    await this.runMulter(req, response);
    const file = req.file;
    try {
      if (!file) throw this.fileError(HttpStatus.UNPROCESSABLE_ENTITY, 'ATT-001');
      this.assertKind(target.slot, file.kind, file.detected);
      const row = await this.record(
        target.application,
        target.slot,
        cleanName(file.originalname),
        file as InspectedFile,
        target.confidential,
      );
      this.logger.log(
        `Stored the ${target.slot} letter of application ${target.application.id}: ${row.sizeBytes} bytes ${row.detectedType}`,
      );
      return row;
    } catch (error) {
      if (file?.key) await this.storage.delete(file.key).catch(() => undefined);
      throw error;
    }
  }

  /**
   * The application's current attachments (and replaced/removed ones with `history`).
   * @param application already authorised by the caller
   * @param office true for office staff; applicants never get confidential (waived) letters
   */
  async list(application: Application, history = false, office = false): Promise<AttachmentView[]> {
    const current = history
      ? { applicationId: application.id }
      : { applicationId: application.id, replacedAt: IsNull(), deletedAt: IsNull() };
    const rows = await this.attachments.find({
      where: office ? current : { ...current, confidential: false },
      order: { slot: 'ASC', uploadedAt: 'DESC' },
    });
    return rows.map(toAttachmentView);
  }

  /**
   * Loads an attachment for a caller who may use its application (token, owner or admin). A confidential
   * (waived) recommendation letter exists only for office staff: to the applicant it is 404 like an unknown id.
   * @throws ApiException 404 ATT-404 unknown id (or confidential to this caller); 401/403 (logged) when the caller may not use it
   */
  async authorizedAttachment(request: Request & { user?: User }, id: string): Promise<Attachment> {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await this.attachments.findOne({ where: { id } }) : null;
    if (!row) throw new ApiException(HttpStatus.NOT_FOUND, 'ATT-404');
    await this.access.authorize(request, row.applicationId);
    if (row.confidential && !isOfficeCaller(request)) throw new ApiException(HttpStatus.NOT_FOUND, 'ATT-404');
    return row;
  }

  /**
   * Removes the current file of a slot (the row is kept as history with `deletedAt`; the object stays),
   * in the statuses `APPLICANT_WRITES['document.remove']` allows: a complete (or later) file keeps its
   * documents (issue 11 item 7; issue 26 item 12 — a decided one too); replacing a file stays possible.
   * @throws ApiException 404 ATT-404 when it is not a current attachment; 409 ATT-409-complete when the
   *         status allows no removal; 410 TKN-002 withdrawn
   */
  async remove(row: Attachment): Promise<void> {
    const [result] = (await this.dataSource.query(
      `UPDATE attachments a SET deleted_at = now()
        WHERE a.id = $1 AND a.replaced_at IS NULL AND a.deleted_at IS NULL
          AND EXISTS (SELECT 1 FROM applications p WHERE p.id = a.application_id AND p.status = ANY($2))
        RETURNING a.id`,
      [row.id, APPLICANT_WRITES['document.remove']],
    )) as [{ id: string }[], number];
    if (result.length === 1) return;
    const [app] = (await this.dataSource.query(`SELECT status FROM applications WHERE id = $1`, [row.applicationId])) as {
      status: string;
    }[];
    if (app) assertApplicantMay('document.remove', app);
    throw new ApiException(HttpStatus.NOT_FOUND, 'ATT-404');
  }

  /**
   * A stream of a stored file's bytes.
   * @throws ApiException 404 ATT-404 when the object is gone from storage
   */
  async open(row: Attachment): Promise<Readable> {
    try {
      return await this.storage.get(row.storageKey);
    } catch (error) {
      if (error instanceof StorageNotFoundError) throw new ApiException(HttpStatus.NOT_FOUND, 'ATT-404');
      throw error;
    }
  }

  // ------------------------------------------------------------------------------------------------

  private runMulter(req: UploadRequest, response: Response): Promise<void> {
    const upload = multer({
      storage: {
        _handleFile: (r, file, callback) => {
          this.handleFile(r as UploadRequest, file).then(
            (info) => callback(null, info as Partial<Express.Multer.File>),
            (error: unknown) => callback(error),
          );
        },
        _removeFile: (_r, file, callback) => {
          const key = (file as Partial<InspectedFile>).key;
          if (!key) return callback(null);
          this.storage.delete(key).then(
            () => callback(null),
            (error: unknown) => callback(error as Error),
          );
        },
      },
      limits: { files: 1, fields: 10, parts: 12, fieldSize: 1024, fieldNameSize: 100 },
      defParamCharset: 'utf8',
    }).single('file');
    return new Promise<void>((resolve, reject) => {
      upload(req, response, (error: unknown) => (error ? reject(this.multerError(error)) : resolve()));
    });
  }

  /** The storage engine's work for the file part; see the class comment. */
  private async handleFile(req: UploadRequest, file: Express.Multer.File): Promise<InspectedFile> {
    const stream = file.stream;
    const drain = () => {
      stream.unpipe();
      stream.resume();
    };
    try {
      const context = (req as unknown as Record<symbol, UploadContext>)[CONTEXT];
      if (context.letter) return await this.inspect(req, context, context.letter.slot, stream);
      const body = req.body as Record<string, unknown>;
      if (!context.application) {
        // No application token: the application comes from parentId, which must precede the file.
        if (typeof body.parentId !== 'string' || !body.parentId) throw fieldError('parentId', 'errors.ATT-422-parentId-first');
        context.application = this.assertOpen(await this.access.authorize(req, body.parentId));
      } else if (typeof body.parentId === 'string' && body.parentId !== context.application.id) {
        await this.access.authorize(req, body.parentId); // refuses (403, logged)
      }
      const slot = isAttachmentSlot(body.field) ? body.field : undefined;
      if (body.field !== undefined && !slot) throw fieldError('field', 'errors.ATT-422-field');
      return await this.inspect(req, context, slot, stream);
    } catch (error) {
      drain();
      throw error;
    }
  }

  private async inspect(request: Request, context: UploadContext, slot: string | undefined, stream: Readable): Promise<InspectedFile> {
    const application = context.application!;
    const limit = await this.limitFor(application.id, slot);
    if (limit.bytes <= 0) throw this.tooLarge(limit.perApplication);
    let scan: ScanSession | undefined;
    if (this.scanner) scan = this.scanner.start();
    const inspector = new UploadInspector(limit.bytes, scan, (kind, detected) => {
      if (slot) this.assertKind(slot, kind, detected);
    });
    stream.on('error', (error) => inspector.destroy(error));
    inspector.on('error', () => undefined); // reported through buffer() below
    // A client that goes away mid-file: busboy may never end the part, so fail the inspector ourselves.
    const onClose = () => {
      if (!(request as Request & { complete?: boolean }).complete) inspector.destroy(new Error('Upload interrupted'));
    };
    request.once('close', onClose);
    const key = context.mode === 'store' ? `applications/${application.id}/${randomUUID()}` : undefined;
    try {
      stream.pipe(inspector);
      // held in memory (at most limit.bytes: the inspector fails past it) until every check passed
      const received = await buffer(inspector);
      if (stream.readableAborted || (stream as Readable & { truncated?: boolean }).truncated) throw new Error('Upload interrupted');
      inspector.finalKindCheck();
      const result = inspector.result();
      if (result.size === 0) throw this.fileError(HttpStatus.UNPROCESSABLE_ENTITY, 'ATT-002');
      if (scan) {
        const verdict = await scan.finish().catch((error: Error) => {
          this.logger.error(`Virus scan failed: ${error.message}`);
          throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, 'SRV-503');
        });
        if (verdict.infected) {
          this.logger.warn(`Refused an infected upload (${verdict.signature}) for application ${application.id}`);
          throw this.fileError(HttpStatus.UNPROCESSABLE_ENTITY, 'ATT-005');
        }
      }
      const stored = await this.sanitized(result, received, application.id);
      if (key) await this.storage.put(key, Readable.from([stored.bytes]));
      return { key, ...stored.result };
    } catch (error) {
      scan?.abort();
      stream.unpipe(inspector);
      if (key) await this.storage.delete(key).catch(() => undefined);
      if (error instanceof UploadTooLargeError) throw this.tooLarge(limit.perApplication);
      throw error;
    } finally {
      request.off('close', onClose);
    }
  }

  /**
   * The bytes to store and their figures, after the active-content checks of {@link sanitizeDocument}
   * (issue 26 item 3): a re-encoded image gets the size and sha256 of the re-encoding. A kind the slot may
   * refuse later (unknown yet) is passed through unchanged.
   * @throws ApiException 422 ATT-006…ATT-012 with `errors.file` (the reason is logged, never the content)
   */
  private async sanitized(
    result: InspectionResult,
    received: Buffer,
    applicationId: string,
  ): Promise<{ bytes: Buffer; result: InspectionResult }> {
    if (!result.kind) return { bytes: received, result };
    try {
      const { bytes, reencoded } = await sanitizeDocument(result.kind, received);
      if (!reencoded) return { bytes, result };
      return { bytes, result: { ...result, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') } };
    } catch (error) {
      if (!(error instanceof DocumentRefusedError)) throw error;
      this.logger.warn(`Refused a ${result.kind} upload for application ${applicationId}: ${error.code} ${error.detail}`);
      throw this.fileError(HttpStatus.UNPROCESSABLE_ENTITY, error.code);
    }
  }

  /** Bytes this upload may have: the per-file limit, or less when the application's total would pass its limit. */
  private async limitFor(applicationId: string, slot: string | undefined): Promise<{ bytes: number; perApplication: boolean }> {
    const used = await this.currentTotal(this.dataSource.manager, applicationId, slot);
    const left = this.config.UPLOAD_MAX_APPLICATION_BYTES - used;
    return left < this.config.UPLOAD_MAX_FILE_BYTES
      ? { bytes: left, perApplication: true }
      : { bytes: this.config.UPLOAD_MAX_FILE_BYTES, perApplication: false };
  }

  private async currentTotal(manager: DataSource['manager'], applicationId: string, slot: string | undefined): Promise<number> {
    const rows: { total: string }[] = await manager.query(
      `SELECT coalesce(sum(size_bytes), 0) AS total FROM attachments
        WHERE application_id = $1 AND replaced_at IS NULL AND deleted_at IS NULL AND slot IS DISTINCT FROM $2`,
      [applicationId, slot ?? null],
    );
    return Number(rows[0].total);
  }

  /**
   * Writes the row in one transaction: re-checks the application total, marks the slot's current row
   * replaced, and completes the application when this file was the last required item.
   */
  private async record(
    application: Application,
    slot: string,
    name: string,
    file: InspectedFile,
    confidential = false,
  ): Promise<Attachment> {
    return this.dataSource.transaction(async (manager) => {
      const [locked] = (await manager.query('SELECT status FROM applications WHERE id = $1 FOR UPDATE', [application.id])) as {
        status: string;
      }[];
      const [{ filled }] = (await manager.query(
        'SELECT EXISTS (SELECT 1 FROM attachments WHERE application_id = $1 AND slot = $2 AND replaced_at IS NULL AND deleted_at IS NULL) AS filled',
        [application.id, slot],
      )) as { filled: boolean }[];
      // the status, read under the row lock, must allow this write (issue 26: an allow-list per status)
      assertApplicantMay(filled ? 'document.replace' : 'document.add', { status: locked?.status ?? 'unknown' });
      const used = await this.currentTotal(manager, application.id, slot);
      if (used + file.size > this.config.UPLOAD_MAX_APPLICATION_BYTES) throw this.tooLarge(true);
      const [previous] = (await manager.query(
        `UPDATE attachments SET replaced_at = now()
          WHERE application_id = $1 AND slot = $2 AND replaced_at IS NULL AND deleted_at IS NULL
          RETURNING confidential`,
        [application.id, slot],
      )) as [{ confidential: boolean }[], number];
      // a recommender's confidential letter is replaced only by the recommender's own upload (issue 15)
      if (previous[0]?.confidential && !confidential) throw new ApiException(HttpStatus.CONFLICT, 'ATT-409-confidential');
      const now = new Date();
      const saved = await manager.getRepository(Attachment).save(
        manager.getRepository(Attachment).create({
          applicationId: application.id,
          slot,
          originalName: name,
          detectedType: KIND_MIME[file.kind!],
          sizeBytes: file.size,
          sha256: file.sha256,
          storageKey: file.key!,
          validatedAt: now,
          uploadedAt: now,
          replacedAt: null,
          deletedAt: null,
          confidential,
        }),
      );
      // the file completes itself when this was its last required item (issue 24)
      await this.completion.completeIfReady(manager, application.id);
      return saved;
    });
  }

  private checkedFields(body: Record<string, unknown>): { parentId: string; field: AttachmentSlot } {
    const errors: Record<string, { key: string }[]> = {};
    const parentId = body.parentId;
    if (typeof parentId !== 'string' || !parentId) errors.parentId = [{ key: 'validation.isNotEmpty' }];
    else if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(parentId))
      errors.parentId = [{ key: 'validation.isUUID' }];
    if (typeof body.field !== 'string' || !body.field) errors.field = [{ key: 'validation.isNotEmpty' }];
    else if (!isAttachmentSlot(body.field)) errors.field = [{ key: 'errors.ATT-422-field' }];
    if (Object.keys(errors).length) throw new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'VAL-001', { errors });
    return { parentId: parentId as string, field: body.field as AttachmentSlot };
  }

  private assertKind(slot: string, kind: AcceptedKind | undefined, detected: string | undefined): void {
    const allowed = kindsFor(slot);
    if (kind && allowed.includes(kind)) return;
    const key = allowed.includes('pdf') ? 'errors.ATT-004' : 'errors.ATT-004-picture';
    throw new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'ATT-004', {
      messageKey: key,
      errors: { file: [{ key }] },
      data: { detected: detected ?? null },
    });
  }

  private assertOpen(application: Application): Application {
    if (application.status === 'withdrawn') throw new ApiException(HttpStatus.GONE, 'TKN-002');
    return application;
  }

  private tooLarge(perApplication: boolean): ApiException {
    const key = perApplication ? 'errors.ATT-003-total' : 'errors.ATT-003';
    const params = {
      max: formatMib(perApplication ? this.config.UPLOAD_MAX_APPLICATION_BYTES : this.config.UPLOAD_MAX_FILE_BYTES),
    };
    return new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'ATT-003', { messageKey: key, params, errors: { file: [{ key, params }] } });
  }

  private fileError(status: HttpStatus, code: string): ApiException {
    return new ApiException(status, code, { errors: { file: [{ key: `errors.${code}` }] } });
  }

  private multerError(error: unknown): unknown {
    if (error instanceof ApiException) return error;
    if (error instanceof multer.MulterError) {
      if (error.code === 'LIMIT_FILE_SIZE') return this.tooLarge(false);
      if (error.code === 'LIMIT_UNEXPECTED_FILE' || error.code === 'LIMIT_FILE_COUNT') {
        return fieldError(error.field || 'file', 'errors.ATT-422-one-file');
      }
      return new ApiException(HttpStatus.BAD_REQUEST, 'REQ-400');
    }
    const message = error instanceof Error ? error.message : String(error);
    if (/Request (aborted|closed)|Unexpected end of form|Upload interrupted/i.test(message)) {
      this.logger.warn(`Upload interrupted: ${message}`);
      return new ApiException(HttpStatus.BAD_REQUEST, 'REQ-400');
    }
    if (/Multipart|boundary/i.test(message)) return new ApiException(HttpStatus.BAD_REQUEST, 'REQ-400');
    return error;
  }
}

/** The uploader's name without directories or control characters, at most 200 characters. */
export function cleanName(original: string | undefined): string {
  const name = basename((original ?? '').replace(/\\/g, '/'))
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 200);
  return name || 'file';
}

function formatMib(bytes: number): string {
  const mib = bytes / MIB;
  return Number.isInteger(mib) ? String(mib) : mib.toFixed(1);
}
