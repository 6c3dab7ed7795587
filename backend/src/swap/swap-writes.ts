import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { isMysql } from '../database/dialect.js';

/**
 * Runs swap writes. On MySQL they run side by side and row locks keep them apart. SQLite has one
 * connection, on which TypeORM would fold two concurrent transactions into one, so there they run
 * one after another.
 */
@Injectable()
export class SwapWrites {
  private tail: Promise<unknown> = Promise.resolve();
  private readonly serial: boolean;

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.serial = !isMysql(dataSource);
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    if (!this.serial) return task();
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/** Locks one swap request row for the rest of the transaction on MySQL (SQLite runs one writer at a time). */
export async function lockSwapRequest(manager: EntityManager, id: number): Promise<void> {
  if (isMysql(manager.connection)) await manager.query('SELECT id FROM shift_swap_requests WHERE id = ? FOR UPDATE', [id]);
}
