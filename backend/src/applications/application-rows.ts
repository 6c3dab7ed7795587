import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { EntityRows } from '../database/entity-rows.js';
import { ProofFile } from '../files/proof-file.entity.js';
import { Application } from './application.entity.js';

/** The part of a mysql2 connection (what TypeORM's MySQL query runner connects to) that runs a prepared statement. */
interface PreparedConnection {
  execute(sql: string, parameters: unknown[], done: (error: Error | null, result: { affectedRows: number }) => void): void;
}

/** The part of the mysql2 pool TypeORM's MySQL driver keeps (none with replication) that the save's statements use. */
interface DriverPool extends PreparedConnection {
  query(sql: string, parameters: unknown[], done: (error: Error | null, rows: Record<string, unknown>[]) => void): void;
}

/**
 * The two statements of an application save, the portal's busiest write at the deadline: the
 * applicant's application with their proof of enrollment in one read, and the compare-and-set update.
 */
@Injectable()
export class ApplicationRows {
  private rows?: { applications: EntityRows<Application>; proofs: EntityRows<ProofFile>; own: string };
  private readonly updates = new Map<string, string>();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A user's application in an edition (null when not started) and its proof of enrollment (null when none or no application). */
  async ownWithProof(userId: number, editionId: number): Promise<{ application: Application | null; proof: ProofFile | null }> {
    const { applications, proofs, own } = this.prepared();
    const pool = this.pool();
    const [row] = pool
      ? await new Promise<Record<string, unknown>[]>((resolve, reject) =>
          pool.query(own, [userId, editionId], (error, rows) => (error ? reject(error) : resolve(rows))),
        )
      : await this.dataSource.query<Record<string, unknown>[]>(own, [userId, editionId]);
    if (!row) return { application: null, proof: null };
    return { application: applications.hydrate(row, 'a'), proof: proofs.hydrate(row, 'p') };
  }

  /**
   * Writes `changes` only if the application is still at `version`, open and not submitted: of two
   * saves based on the same version, the second changes nothing. Answers whether the row was written.
   * Inside a transaction, pass its manager.
   */
  async compareAndSet(id: number, version: number, changes: Partial<Application>, manager?: EntityManager): Promise<boolean> {
    const { applications } = this.prepared();
    const properties = Object.keys(changes) as (keyof Application & string)[];
    const key = properties.join(',');
    let sql = this.updates.get(key);
    if (!sql) {
      const set = properties.map((property) => `${applications.column(property)} = ?`).join(', ');
      const where = (['id', 'version', 'completed', 'closed'] as const)
        .map((property) => `${applications.column(property)} = ?`)
        .join(' AND ');
      sql = `UPDATE ${applications.table} SET ${set} WHERE ${where}`;
      this.updates.set(key, sql);
    }
    const parameters = [
      ...properties.map((property) => applications.persistent(property, changes[property])),
      id,
      version,
      applications.persistent('completed', false),
      applications.persistent('closed', false),
    ];
    if (manager?.queryRunner) return (await this.update(manager.queryRunner, sql, parameters)) === 1;
    const pool = this.pool();
    if (pool) return (await execute(pool, sql, parameters)) === 1;
    const runner = this.dataSource.createQueryRunner();
    try {
      return (await this.update(runner, sql, parameters)) === 1;
    } finally {
      await runner.release();
    }
  }

  /**
   * Runs an UPDATE; answers the rows it changed. On MySQL/MariaDB as a prepared statement (mysql2's
   * execute, prepared once per connection): the ~9 KB document goes as it is, where a text query has
   * the driver escape it character by character first, which was a tenth of a save's CPU.
   */
  private async update(runner: QueryRunner, sql: string, parameters: unknown[]): Promise<number> {
    if (this.dataSource.driver.options.type !== 'mysql') return (await runner.query(sql, parameters, true)).affected ?? 0;
    return execute((await runner.connect()) as PreparedConnection, sql, parameters);
  }

  /**
   * On MySQL/MariaDB without replication, the driver's mysql2 pool: a draft save's read and update go
   * to it directly (the pool lends a connection for the statement and takes it back), without a
   * TypeORM query runner, its logging and its events for each. Undefined on SQLite, whose
   * statements go through TypeORM as before.
   */
  private pool(): DriverPool | undefined {
    if (this.dataSource.driver.options.type !== 'mysql') return undefined;
    return (this.dataSource.driver as unknown as { pool?: DriverPool }).pool;
  }

  private prepared() {
    if (!this.rows) {
      const applications = new EntityRows(this.dataSource, Application);
      const proofs = new EntityRows(this.dataSource, ProofFile);
      const own =
        `SELECT ${applications.select('a')}, ${proofs.select('p')} FROM ${applications.table} a ` +
        `LEFT JOIN ${proofs.table} p ON p.${proofs.column('userId')} = a.${applications.column('userId')} ` +
        `AND p.${proofs.column('editionId')} = a.${applications.column('editionId')} ` +
        `WHERE a.${applications.column('userId')} = ? AND a.${applications.column('editionId')} = ?`;
      this.rows = { applications, proofs, own };
    }
    return this.rows;
  }
}

/** Runs an UPDATE as a prepared statement on a mysql2 connection or pool; answers the rows it changed. */
function execute(connection: PreparedConnection, sql: string, parameters: unknown[]): Promise<number> {
  return new Promise<number>((resolve, reject) =>
    connection.execute(sql, parameters, (error, answer) => (error ? reject(error) : resolve(answer.affectedRows))),
  );
}
