import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, type Repository } from 'typeorm';
import { Clock } from '../clock/clock.js';
import { isUniqueViolation } from './database-errors.js';
import { NamedLock } from './named-lock.entity.js';

/** What the lock's holder is doing, to tell whoever finds it taken. */
export interface Held {
  holder: string;
  leaseUntil: Date;
}

/**
 * Named locks in the database every server shares: a unique row per name, claimed by an insert or,
 * once its lease has run out (its server stopped), by a compare-and-set on the old lease. The holder
 * renews the lease while it works and deletes the row when done.
 */
@Injectable()
export class NamedLocksService {
  private readonly me = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private taken = 0;

  constructor(
    @InjectRepository(NamedLock) private readonly locks: Repository<NamedLock>,
    private readonly clock: Clock,
  ) {}

  /** Takes the lock for `leaseMs` as `label`; answers the current holder when someone else has it. */
  async acquire(
    name: string,
    label: string,
    leaseMs: number,
  ): Promise<{ acquired: true; token: string } | { acquired: false; held: Held }> {
    // A token of its own per acquisition: a second build by the same person on this server never passes for the first.
    const suffix = ` (${this.me}:${(this.taken += 1)})`;
    const token = `${label.slice(0, Math.max(0, 100 - suffix.length))}${suffix}`;
    const now = this.clock.now();
    const leaseUntil = new Date(now.getTime() + leaseMs);
    try {
      await this.locks.insert({ name, holder: token, leaseUntil });
      return { acquired: true, token };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const taken = await this.locks.update({ name, leaseUntil: LessThan(now) }, { holder: token, leaseUntil });
    if (taken.affected) return { acquired: true, token };
    const current = await this.locks.findOneBy({ name });
    if (!current) return this.acquire(name, label, leaseMs);
    return { acquired: false, held: { holder: current.holder, leaseUntil: current.leaseUntil } };
  }

  /** Extends the lease of a lock this holder has; answers whether they still had it (false: it lapsed and someone else took it). */
  async renew(name: string, token: string, leaseMs: number): Promise<boolean> {
    await this.locks.update({ name, holder: token }, { leaseUntil: new Date(this.clock.now().getTime() + leaseMs) });
    // Read back rather than trust the affected count: MySQL counts a row whose lease did not change as unaffected.
    return (await this.locks.findOneBy({ name }))?.holder === token;
  }

  async release(name: string, token: string): Promise<void> {
    await this.locks.delete({ name, holder: token });
  }
}
