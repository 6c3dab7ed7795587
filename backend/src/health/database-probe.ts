import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import mysql from 'mysql2/promise';
import type { DataSource } from 'typeorm';

export const PROBE_TIMEOUT_MS = 2000;

/**
 * Whether the database answers. On MySQL/MariaDB the probe has a connection of its own: through the
 * application's pool, SELECT 1 would wait behind every queued save and a busy database (the deadline
 * spike) would look down to a load balancer, which would then take the server out when it is needed
 * most. The connection is opened again after any failure, so the probe follows the database's return.
 */
@Injectable()
export class DatabaseProbe implements OnModuleDestroy {
  private connection: Promise<mysql.Connection> | null = null;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async answers(timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
    if (!this.dataSource.isInitialized) return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    try {
      const answered = await Promise.race([this.selectOne().then(() => true), timeout]);
      if (!answered) this.drop(); // a connection that hangs is not reused
      return answered;
    } catch {
      this.drop();
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  async onModuleDestroy(): Promise<void> {
    const connection = this.connection;
    this.connection = null;
    await connection?.then((c) => c.end()).catch(() => undefined);
  }

  private async selectOne(): Promise<void> {
    const url = (this.dataSource.options as { url?: string }).url;
    const type = this.dataSource.options.type;
    if ((type !== 'mysql' && type !== 'mariadb') || !url) {
      await this.dataSource.query('SELECT 1');
      return;
    }
    const open = () =>
      mysql.createConnection({ uri: url.replace(/^mariadb:/, 'mysql:'), connectTimeout: PROBE_TIMEOUT_MS, enableKeepAlive: true });
    const reused = this.connection !== null;
    try {
      this.connection ??= open();
      await (await this.connection).query('SELECT 1');
    } catch (error) {
      this.drop();
      if (!reused) throw error;
      // The server may have closed an idle connection (wait_timeout): one more try on a new one.
      this.connection = open();
      await (await this.connection).query('SELECT 1');
    }
  }

  private drop(): void {
    const connection = this.connection;
    this.connection = null;
    // A failed connection may already be gone; destroy() never throws.
    connection?.then((c) => c.destroy()).catch(() => undefined);
  }
}
