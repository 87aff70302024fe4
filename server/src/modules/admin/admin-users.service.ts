import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import { ApiException } from '../../common/errors/api.exception.js';
import { likePattern, whereIdIn, type ParsedListQuery } from '../../common/http/simple-rest.js';
import { User, USER_ROLES, type UserRole } from '../users/user.entity.js';
import { AuditService } from './audit.service.js';
import { AdminUserResponse, type UpdateAdminUserDto } from './dto/admin-user.dto.js';

/** Advisory-lock key that serialises changes to the set of admins (two admins demoting each other at once). */
const ADMINS_LOCK_KEY = 7_261_005;

/**
 * Accounts for the admissions office: list and search, make or remove admins, delete. The last admin
 * can neither lose the role nor be deleted, and nobody deletes themself (409). Every change is audited.
 */
@Injectable()
export class AdminUsersService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
  ) {}

  /** A page. Filters: `q` (part of the name or e-mail), `role`, `id` (list). */
  async page(query: ParsedListQuery): Promise<{ rows: AdminUserResponse[]; total: number }> {
    const f = query.filter;
    const qb = this.users.createQueryBuilder('u');
    if (typeof f.q === 'string' && f.q.trim()) {
      qb.andWhere(`(u.first_name || ' ' || u.last_name ILIKE :q OR u.email ILIKE :q)`, { q: likePattern(f.q.trim()) });
    }
    if (USER_ROLES.includes(f.role as UserRole)) qb.andWhere('u.role = :role', { role: f.role });
    whereIdIn(qb, 'u.id', f.id, 'uuid');
    const column =
      { id: 'u.id', email: 'u.email', first_name: 'u.firstName', last_name: 'u.lastName', role: 'u.role', created_at: 'u.createdAt' }[
        query.sortField
      ] ?? 'u.createdAt';
    const [rows, total] = await qb
      .orderBy(column, query.sortOrder)
      .addOrderBy('u.id', 'ASC')
      .skip(query.skip)
      .take(query.take)
      .getManyAndCount();
    return { rows: rows.map(AdminUserResponse.from), total };
  }

  /** One account. @throws ApiException 404 REQ-404 */
  async get(id: string): Promise<AdminUserResponse> {
    return AdminUserResponse.from(await this.find(this.users, id));
  }

  /**
   * Changes role and/or name.
   * @throws ApiException 404 REQ-404; 409 USR-409-last-admin when the only admin would lose the role
   */
  update(id: string, dto: UpdateAdminUserDto, actor: User): Promise<AdminUserResponse> {
    return this.db.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [ADMINS_LOCK_KEY]);
      const repository = manager.getRepository(User);
      const user = await this.find(repository, id);
      const before = AdminUserResponse.from(user);
      if (dto.role && dto.role !== 'admin' && user.role === 'admin') await this.assertNotLastAdmin(manager, user.id);
      if (dto.role) user.role = dto.role;
      if (dto.first_name) user.firstName = dto.first_name.trim();
      if (dto.last_name) user.lastName = dto.last_name.trim();
      const after = AdminUserResponse.from(await repository.save(user));
      await this.audit.record({ actor, action: 'update', resource: 'users', recordId: id, before, after }, manager);
      return after;
    });
  }

  /**
   * Deletes an account (its tokens go with it; its applications stay, without owner).
   * @throws ApiException 404 REQ-404; 409 USR-409-self for one's own account; 409 USR-409-last-admin
   */
  remove(id: string, actor: User): Promise<AdminUserResponse> {
    if (id === actor.id) throw new ApiException(HttpStatus.CONFLICT, 'USR-409', { messageKey: 'errors.USR-409-self' });
    return this.db.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [ADMINS_LOCK_KEY]);
      const repository = manager.getRepository(User);
      const user = await this.find(repository, id);
      if (user.role === 'admin') await this.assertNotLastAdmin(manager, user.id);
      const before = AdminUserResponse.from(user);
      await repository.delete(id);
      await this.audit.record({ actor, action: 'delete', resource: 'users', recordId: id, before, after: null }, manager);
      return before;
    });
  }

  private async assertNotLastAdmin(manager: EntityManager, userId: string): Promise<void> {
    const [{ n }] = (await manager.query(`SELECT count(*)::int AS n FROM users WHERE role = 'admin' AND id <> $1`, [userId])) as {
      n: number;
    }[];
    if (n < 1) throw new ApiException(HttpStatus.CONFLICT, 'USR-409', { messageKey: 'errors.USR-409-last-admin' });
  }

  private async find(repository: Repository<User>, id: string): Promise<User> {
    const user = /^[0-9a-f-]{36}$/i.test(id) ? await repository.findOne({ where: { id } }) : null;
    if (!user) throw new ApiException(HttpStatus.NOT_FOUND, 'REQ-404');
    return user;
  }
}
