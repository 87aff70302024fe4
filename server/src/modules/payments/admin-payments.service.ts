import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { likePattern, type ParsedListQuery } from '../../common/http/simple-rest.js';
import { AdminPaymentResponse } from './dto/admin-payment.dto.js';

/** Sort fields of the payment list (wire name → column). */
export const ADMIN_PAYMENT_SORT_COLUMNS: Record<string, string> = {
  createdAt: 'p.created_at',
  updatedAt: 'p.updated_at',
  status: 'p.status',
  totalCents: 'p.total',
  referenceNumber: 'a.reference_number',
};

const UUID = /^[0-9a-f-]{36}$/i;

/** The payment attempts for the console and integrators (`GET /api/admin/payments`, issue 14 item 5). */
@Injectable()
export class AdminPaymentsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * A page of payment attempts. Filters: `q` (reference number, e-mail, name or transaction id), `status`
   * (one or a list), `purpose` (one or a list: `application_fee`, `enrollment_deposit`), `applicationId`, `id`
   * (list; react-admin getMany). A malformed id matches nothing.
   */
  async page(query: ParsedListQuery): Promise<{ rows: AdminPaymentResponse[]; total: number }> {
    const f = query.filter;
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: (n: string) => string, value: unknown) => {
      params.push(value);
      where.push(sql(`$${params.length}`));
    };
    if (f.id !== undefined)
      add(
        (n) => `p.id::text = ANY(${n})`,
        (Array.isArray(f.id) ? f.id : [f.id]).filter((v) => typeof v === 'string' && UUID.test(v)),
      );
    if (f.applicationId !== undefined) add((n) => `p.application_id::text = ${n}`, String(f.applicationId));
    if (f.status !== undefined) add((n) => `p.status = ANY(${n})`, (Array.isArray(f.status) ? f.status : [f.status]).map(String));
    if (f.purpose !== undefined) add((n) => `p.purpose = ANY(${n})`, (Array.isArray(f.purpose) ? f.purpose : [f.purpose]).map(String));
    if (typeof f.q === 'string' && f.q.trim()) {
      params.push(f.q.trim(), likePattern(f.q.trim()));
      const [exact, like] = [`$${params.length - 1}`, `$${params.length}`];
      where.push(
        `(a.reference_number::text = ${exact} OR p.transaction_id = ${exact} OR a.email ILIKE ${like} OR (a.first_name || ' ' || a.last_name) ILIKE ${like})`,
      );
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const from = `FROM payments p JOIN applications a ON a.id = p.application_id LEFT JOIN offerings o ON o.id = a.offering_id ${clause}`;
    const [{ n }] = (await this.dataSource.query(`SELECT count(*)::int AS n ${from}`, params)) as { n: number }[];
    const rows = (await this.dataSource.query(
      `SELECT p.id, p.application_id AS "applicationId", a.reference_number::text AS "referenceNumber",
              a.first_name || ' ' || a.last_name AS "applicantName", a.email, p.purpose, p.status, p.gateway,
              (p.amount * 100)::int AS "amountCents", (p.late_fee * 100)::int AS "lateFeeCents",
              (p.discount * 100)::int AS "discountCents", (p.total * 100)::int AS "totalCents", p.currency,
              p.transaction_id AS "transactionId", right(p.account_number, 4) AS last4, p.error_code AS "errorCode",
              p.reversal_kind AS "reversalKind", p.reversed_at AS "reversedAt", p.reversal_transaction_id AS "reversalTransactionId",
              p.reversal_note AS "reversalNote", p.reversal_error AS "reversalError",
              (p.purpose <> 'enrollment_deposit' OR coalesce(o.deposit_refundable, false)) AS refundable,
              p.created_at AS "createdAt", p.updated_at AS "updatedAt"
         ${from}
        ORDER BY ${ADMIN_PAYMENT_SORT_COLUMNS[query.sortField]} ${query.sortOrder} NULLS LAST, p.id
        OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
      [...params, query.skip, query.take],
    )) as (Omit<AdminPaymentResponse, 'createdAt' | 'updatedAt' | 'reversedAt' | 'reversible'> & {
      createdAt: Date;
      updatedAt: Date;
      reversedAt: Date | null;
    })[];
    return {
      rows: rows.map((r) =>
        Object.assign(new AdminPaymentResponse(), r, {
          createdAt: r.createdAt.toISOString(),
          updatedAt: r.updatedAt.toISOString(),
          reversedAt: r.reversedAt?.toISOString() ?? null,
          reversible: r.status === 'approved' && r.reversalKind === null && r.transactionId !== null,
        }),
      ),
      total: n,
    };
  }

  /** One payment attempt as the list shows it, or null (an unknown or malformed id). */
  async one(id: string): Promise<AdminPaymentResponse | null> {
    const { rows } = await this.page({ filter: { id: [id] }, sortField: 'createdAt', sortOrder: 'DESC', skip: 0, take: 1 });
    return rows[0] ?? null;
  }
}
