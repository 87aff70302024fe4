import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { MoreThan, type DataSource, type EntityManager, type Repository } from 'typeorm';
import { ChangeFeedService } from '../../common/cache/change-feed.service.js';
import { MemoCache } from '../../common/cache/memo-cache.js';
import { PrebuiltResponse, REVALIDATE_CACHE_CONTROL } from '../../common/http/prebuilt-response.js';
import { ApiException } from '../../common/errors/api.exception.js';
import { whereIdIn, type ParsedListQuery } from '../../common/http/simple-rest.js';
import { AuditService } from '../admin/audit.service.js';
import type { User } from '../users/user.entity.js';
import { easternToInstant } from './eastern-time.js';
import { MaintenanceWindow } from './maintenance-window.entity.js';
import { MaintenanceCheckResponse, MaintenanceWindowResponse, type MaintenanceWindowDto } from './dto/maintenance.dto.js';

/** Maintenance windows (spec §1, §4, §8, §9; DESIGN §8). */
@Injectable()
export class MaintenanceService {
  /**
   * The windows that had not ended when loaded, by start, held in memory until the table changes (a
   * window that ends meanwhile is skipped at each use), with the prebuilt check answer per next window.
   */
  private readonly cache = new MemoCache<'upcoming', { windows: MaintenanceWindow[]; answers: Map<number, PrebuiltResponse> }>(
    async () => ({
      windows: await this.windows.find({ where: { endsAt: MoreThan(new Date()) }, order: { startsAt: 'ASC', id: 'ASC' } }),
      answers: new Map(),
    }),
  );

  constructor(
    @InjectRepository(MaintenanceWindow) private readonly windows: Repository<MaintenanceWindow>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
    private readonly changes: ChangeFeedService,
  ) {
    changes.subscribe('maintenance_windows', () => this.cache.clear());
  }

  /** The next window that has not ended (MAI-000), or MAI-001 when none is scheduled. From memory. */
  async check(now = new Date()): Promise<MaintenanceCheckResponse> {
    return (await this.checkResponse(now)).value as MaintenanceCheckResponse;
  }

  /** {@link check} as a prebuilt answer (strong ETag), from memory. */
  async checkResponse(now = new Date()): Promise<PrebuiltResponse> {
    const upcoming = await this.cache.get('upcoming');
    const next = upcoming.windows.find((w) => w.endsAt > now);
    const key = next?.id ?? 0;
    let answer = upcoming.answers.get(key);
    if (!answer) {
      answer = new PrebuiltResponse(this.checkAnswer(next), REVALIDATE_CACHE_CONTROL);
      upcoming.answers.set(key, answer);
    }
    return answer;
  }

  private checkAnswer(next: MaintenanceWindow | undefined): MaintenanceCheckResponse {
    if (!next) return { success: true, code: 'MAI-001', data: null };
    return {
      success: true,
      code: 'MAI-000',
      data: {
        Start_Date__c: next.startDate,
        End_Date__c: next.endDate,
        Start_Time__c: next.startTime,
        End_Time__c: next.endTime,
        startsAt: next.startsAt.toISOString(),
        endsAt: next.endsAt.toISOString(),
      },
    };
  }

  /** @throws ApiException 503 MAI-002 while a window is in progress (the form is offline). From memory, no query. */
  async assertOnline(now = new Date()): Promise<void> {
    const active = (await this.cache.get('upcoming')).windows.some((w) => w.startsAt <= now && w.endsAt > now);
    if (active) throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, 'MAI-002');
  }

  /** Admin list page with the total. */
  async page(query: ParsedListQuery): Promise<{ rows: MaintenanceWindowResponse[]; total: number }> {
    const column =
      { id: 'id', startsAt: 'startsAt', endsAt: 'endsAt', startDate: 'startsAt', createdAt: 'createdAt' }[query.sortField] ?? 'id';
    const qb = whereIdIn(this.windows.createQueryBuilder('w'), 'w.id', query.filter.id, 'int');
    const [rows, total] = await qb.orderBy(`w.${column}`, query.sortOrder).skip(query.skip).take(query.take).getManyAndCount();
    return { rows: rows.map(MaintenanceWindowResponse.from), total };
  }

  /** One window. @throws ApiException 404 REQ-404 */
  async get(id: number): Promise<MaintenanceWindowResponse> {
    return MaintenanceWindowResponse.from(await this.find(id));
  }

  /**
   * Schedules a window; the window and its audit entry are written in one transaction.
   * @throws ApiException 422 VAL-001 when a time does not exist in Eastern time or the end is not after the start
   */
  create(dto: MaintenanceWindowDto, actor: User | null): Promise<MaintenanceWindowResponse> {
    const columns = this.toColumns(dto);
    return this.written(async (manager) => {
      const windows = manager.getRepository(MaintenanceWindow);
      const after = MaintenanceWindowResponse.from(await windows.save(windows.create(columns)));
      await this.audit.record(
        { actor, action: 'create', resource: 'maintenance-windows', recordId: after.id, before: null, after },
        manager,
      );
      return after;
    });
  }

  /** Reschedules a window (change and audit entry in one transaction). @throws ApiException 404 REQ-404, 422 VAL-001 as for create */
  update(id: number, dto: MaintenanceWindowDto, actor: User | null): Promise<MaintenanceWindowResponse> {
    return this.written(async (manager) => {
      const windows = manager.getRepository(MaintenanceWindow);
      const row = await this.find(id, windows);
      const before = MaintenanceWindowResponse.from(row);
      Object.assign(row, this.toColumns(dto));
      const after = MaintenanceWindowResponse.from(await windows.save(row));
      await this.audit.record({ actor, action: 'update', resource: 'maintenance-windows', recordId: id, before, after }, manager);
      return after;
    });
  }

  /** Deletes a window (and writes its audit entry) in one transaction; answers it as it was. @throws ApiException 404 REQ-404 */
  remove(id: number, actor: User | null): Promise<MaintenanceWindowResponse> {
    return this.written(async (manager) => {
      const windows = manager.getRepository(MaintenanceWindow);
      const before = MaintenanceWindowResponse.from(await this.find(id, windows));
      await windows.delete(id);
      await this.audit.record({ actor, action: 'delete', resource: 'maintenance-windows', recordId: id, before, after: null }, manager);
      return before;
    });
  }

  /** Runs `work` in a transaction, then drops this process's cached windows (other replicas hear the NOTIFY). */
  private async written<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const result = await this.db.transaction(work);
    this.changes.changed('maintenance_windows');
    return result;
  }

  private async find(id: number, windows = this.windows): Promise<MaintenanceWindow> {
    const row = await windows.findOne({ where: { id } });
    if (!row) throw new ApiException(HttpStatus.NOT_FOUND, 'REQ-404');
    return row;
  }

  private toColumns(dto: MaintenanceWindowDto) {
    const startsAt = easternToInstant(dto.startDate, dto.startTime);
    const endsAt = easternToInstant(dto.endDate, dto.endTime);
    const invalid = (field: string, key: string) =>
      new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'VAL-001', { errors: { [field]: [{ key }] } });
    if (!startsAt) throw invalid('startTime', 'errors.MAI-422-datetime');
    if (!endsAt) throw invalid('endTime', 'errors.MAI-422-datetime');
    if (endsAt <= startsAt) throw invalid('endTime', 'errors.MAI-422-order');
    const seconds = (t: string) => (t.length === 5 ? `${t}:00` : t);
    return {
      startDate: dto.startDate,
      startTime: seconds(dto.startTime),
      endDate: dto.endDate,
      endTime: seconds(dto.endTime),
      startsAt,
      endsAt,
    };
  }
}
