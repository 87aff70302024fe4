import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { DataSource } from 'typeorm';

/** The PostgreSQL channel the change triggers notify (migration 1764000000000-change-notifications). */
export const CHANGE_CHANNEL = 'portal_changes';

/** Tables whose changes the in-memory caches follow. */
export type WatchedTable = 'dropdowns' | 'programs' | 'terms' | 'offerings' | 'maintenance_windows' | 'advisory_lines';

/**
 * Tells in-memory caches when the data they hold changed, in this process and in every other replica
 * (issue 12): the triggers of migration 1764000000000 `NOTIFY portal_changes, '<table>'` after each
 * statement that writes a watched table, and this service `LISTEN`s on one dedicated connection and
 * calls the subscribers of that table. Writers in this process also call {@link changed} right after
 * their transaction commits, so their own next read is fresh without waiting for the notification.
 * When the listening connection drops, every subscriber is called (anything may have changed unseen)
 * and it reconnects after a second.
 */
@Injectable()
export class ChangeFeedService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(ChangeFeedService.name);
  private readonly subscribers = new Map<WatchedTable, Set<() => void>>();
  private client: pg.Client | null = null;
  private stopped = false;
  private readonly waiting = new Map<string, () => void>();

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Calls `onChange` whenever `table` changes (here or in another replica). */
  subscribe(table: WatchedTable, onChange: () => void): void {
    if (!this.subscribers.has(table)) this.subscribers.set(table, new Set());
    this.subscribers.get(table)!.add(onChange);
  }

  /** Tells this process's subscribers that `table` changed (call after the writing transaction committed). */
  changed(table: WatchedTable): void {
    for (const onChange of this.subscribers.get(table) ?? []) onChange();
  }

  /**
   * Resolves once every change committed before the call has reached the subscribers: sends a marker
   * notification and waits for it (PostgreSQL delivers notifications in commit order). For tests and
   * tools that write the watched tables with their own connection.
   */
  async settled(): Promise<void> {
    const client = this.client;
    if (!client) return; // not listening: reconnecting drops every cache anyway
    const marker = `settled:${randomUUID()}`;
    const seen = new Promise<void>((resolve) => this.waiting.set(marker, resolve));
    await client.query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, marker]);
    await seen;
  }

  /** Opens the listening connection. */
  async onModuleInit(): Promise<void> {
    await this.listen();
  }

  /** Closes the listening connection. */
  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const options = this.db.options as { url?: string };
    const client = new pg.Client({ connectionString: options.url });
    client.on('notification', (message) => {
      if (message.channel !== CHANGE_CHANNEL || !message.payload) return;
      const waiter = this.waiting.get(message.payload);
      if (waiter) {
        this.waiting.delete(message.payload);
        waiter();
      } else this.changed(message.payload as WatchedTable);
    });
    client.on('error', (error) => {
      this.logger.warn(`change feed connection lost: ${error.message}`);
      void this.reconnect(client);
    });
    client.on('end', () => void this.reconnect(client));
    await client.connect();
    await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    this.client = client;
  }

  private async reconnect(lost: pg.Client): Promise<void> {
    if (this.stopped || this.client !== lost) return;
    this.client = null;
    for (const table of this.subscribers.keys()) this.changed(table);
    while (!this.stopped) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      if (this.stopped) return;
      try {
        await this.listen();
        for (const table of this.subscribers.keys()) this.changed(table);
        return;
      } catch (error) {
        this.logger.warn(`change feed reconnect failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}
