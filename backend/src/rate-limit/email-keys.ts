import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { normaliseEmail } from '@svp/domain';
import { isMysql } from '../database/dialect.js';

/** How users.email compares on MySQL: its character set and collation, and whether trailing spaces count. */
interface EmailCollation {
  charset: string;
  collation: string;
  /** The weight of a space, hex; null when trailing spaces count (a NO PAD collation). */
  paddingWeight: string | null;
}

const SQL_NAME = /^[A-Za-z0-9_]+$/;
/** Longest address an account can have (users.email); a longer one names no account. */
const EMAIL_MAX_LENGTH = 254;

/**
 * The per-account key of an email address: two addresses get the same key exactly when the sign-in,
 * the registration and the reset find the same account for them. Those look the row up by
 * `normaliseEmail(email)` with `=`, so the key is the database's own comparison of that text:
 * on SQLite its bytes; on MySQL the weight string of its column's collation (with
 * utf8mb4_unicode_ci, `VICTIM@`, `víctim@` and a full-width `ｖictim@` weigh the same, as do
 * characters the collation ignores). The key does not depend on whether the account exists, so a
 * counter cannot tell a stranger which addresses have one.
 */
@Injectable()
export class EmailKeys {
  private collation: Promise<EmailCollation> | null = null;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The key, or null for text too long to be any account's address. */
  async keyOf(email: string): Promise<string | null> {
    const text = normaliseEmail(email);
    if (text.length > EMAIL_MAX_LENGTH) return null;
    if (!isMysql(this.dataSource)) return text;
    try {
      return await this.weightsOf(text);
    } catch {
      // The database is away: the route that follows fails with 503 anyway, so the text will do.
      return text;
    }
  }

  private async weightsOf(text: string): Promise<string> {
    const { charset, collation, paddingWeight } = await this.emailCollation();
    const [row] = (await this.dataSource.query(`SELECT HEX(WEIGHT_STRING(CONVERT(? USING ${charset}) COLLATE ${collation})) AS weights`, [
      text,
    ])) as { weights: string | null }[];
    let weights = row?.weights ?? '';
    // A PAD SPACE collation compares as if the shorter text ended in spaces: trailing spaces do not count.
    if (paddingWeight) while (weights.endsWith(paddingWeight)) weights = weights.slice(0, -paddingWeight.length);
    return `${collation}:${weights}`;
  }

  private emailCollation(): Promise<EmailCollation> {
    this.collation ??= this.readCollation().catch((error: unknown) => {
      this.collation = null;
      throw error;
    });
    return this.collation;
  }

  private async readCollation(): Promise<EmailCollation> {
    const [column] = (await this.dataSource.query(
      'SELECT CHARACTER_SET_NAME AS charset, COLLATION_NAME AS collation FROM information_schema.COLUMNS ' +
        "WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'users' AND COLUMN_NAME = 'email'",
    )) as { charset: string; collation: string }[];
    if (!column || !SQL_NAME.test(column.charset) || !SQL_NAME.test(column.collation))
      throw new Error('users.email has no readable collation');
    const { charset, collation } = column;
    const [probe] = (await this.dataSource.query(
      `SELECT (CONVERT('a' USING ${charset}) COLLATE ${collation}) = CONVERT('a ' USING ${charset}) AS pads, ` +
        `HEX(WEIGHT_STRING(CONVERT(' ' USING ${charset}) COLLATE ${collation})) AS space`,
    )) as { pads: number | string; space: string }[];
    return { charset, collation, paddingWeight: Number(probe!.pads) === 1 && probe!.space ? probe!.space : null };
  }
}
