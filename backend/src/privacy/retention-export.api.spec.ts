import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { type EditionSettings, RETENTION_KINDS, type RetentionKind, passportStatuses } from '@svp/domain';
import { buildPersonalDataWorld, type PersonalDataWorld, SEASON, traces } from '../testing/personal-data-world.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { SettingsService } from '../settings/settings.service.js';
import { RetentionService } from './retention.service.js';

const DAY_MS = 86_400_000;
const afterAllDue = new Date(Date.parse(SEASON.editionEnds) + 400 * DAY_MS + 5 * 60_000).toISOString();

describe('the download of what a kind’s removal will clear: exactly the records the removal then removes', () => {
  let t: TestApp;
  let w: PersonalDataWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await buildPersonalDataWorld(t);
    // The next edition starts; Bob applies again, so his phone number is still needed and is not in last year's download.
    const next = (await admin('get', '/api/admin/editions/next').expect(200)).body as { settings: EditionSettings };
    await admin('post', '/api/admin/editions').send({ copyVenues: false, settings: next.settings }).expect(201);
    await t.factories.application(w.bob.user, { editionId: 2, completed: false });
  }, 120_000);
  afterAll(() => t?.close());

  const admin = (method: 'get' | 'post', path: string) => t.http()[method](path).set('Authorization', t.factories.auth(w.admin.user));
  async function download(editionId: number | string, kind: string) {
    const res = await admin('get', `/api/admin/retention/${editionId}/${kind}/export.csv`)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    return res;
  }
  async function csvOf(kind: RetentionKind) {
    const res = await download(1, kind);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="2026-${kind}-to-remove.csv"`);
    const bytes = res.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parse(bytes.subarray(3).toString('utf8')) as string[][];
    return { header: header!, rows, total: res.headers['x-total-count'], removedAt: res.headers['x-removed-at'] as string | undefined };
  }

  /** Each kind's download as it must read before its removal: the header, then one row per record, as the world stored it. */
  async function expected(): Promise<Record<RetentionKind, string[][]>> {
    const person = (key: 'alice' | 'bob') => [`${w[key].user.firstName} ${w[key].user.lastName}`, w[key].user.svid];
    const proofs = (await t.dataSource.query('SELECT user_id, original_name, size FROM proof_files WHERE edition_id = 1 ORDER BY id')) as {
      user_id: number;
      original_name: string;
      size: number;
    }[];
    const lastYear = (await t.app.get(SettingsService).edition(1))!;
    const valid = passportStatuses(lastYear.settings.conference).find((option) => option.value === 'valid')!.label;
    const [shift] = await t.dataSource.query('SELECT role FROM shifts WHERE id = ?', [w.shiftId]);
    return {
      proofs: [
        ['Name', 'SV ID', 'File Name', 'Size (bytes)', 'Uploaded At'],
        ...proofs.map((p) => [
          ...person(p.user_id === w.alice.user.id ? 'alice' : 'bob'),
          p.original_name,
          String(p.size),
          expect.any(String),
        ]),
      ] as string[][],
      passports: [
        ['Name', 'SV ID', 'Passport Answer'],
        [...person('alice'), valid],
        [...person('bob'), valid],
      ],
      health: [
        ['Name', 'SV ID', 'Dietary Restrictions', 'Special Requests'],
        [...person('alice'), w.texts.alice.diet, w.texts.alice.additionalInfo],
        [...person('bob'), w.texts.bob.diet, w.texts.bob.additionalInfo],
      ],
      // Bob applied again this year: his number is still needed. A number starting with + is defused as a formula would be.
      phones: [
        ['Name', 'SV ID', 'Phone Number', 'Texts Allowed', 'Calls Allowed'],
        [...person('alice'), `'${w.texts.alice.phone}`, 'Yes', 'No'],
      ],
      refereeStatements: [
        ['Name', 'SV ID', 'Referee', 'Statement', 'Reason for Declining'],
        ...(['alice', 'bob'] as const).map((key) => [
          ...person(key),
          `${w.texts[key].referee.firstName} ${w.texts[key].referee.lastName}`,
          w.texts[key].statement,
          '',
        ]),
      ],
      performanceNotes: [
        ['Name', 'SV ID', 'Shift Starts At', 'Shift Role', 'Notes', 'Time Note'],
        ...(['alice', 'bob'] as const).map((key) => [
          ...person(key),
          '2026-08-10T15:00:00.000Z',
          shift.role as string,
          w.texts[key].notes,
          w.texts[key].timeNote,
        ]),
      ],
    };
  }

  let before: Record<RetentionKind, string[][]>;

  it('holds, for every kind, whose each record is and the values that will go (a file’s name, size and upload time)', async () => {
    before = await expected();
    for (const kind of RETENTION_KINDS) {
      const csv = await csvOf(kind);
      expect([kind, [csv.header, ...csv.rows]]).toEqual([kind, before[kind]]);
      expect([kind, csv.total, csv.removedAt]).toEqual([kind, String(before[kind].length - 1), undefined]);
    }
    const proofs = await csvOf('proofs');
    for (const row of proofs.rows) expect(Number.isNaN(Date.parse(row[4]!))).toBe(false);
    // Another edition's download holds only its own: this year only Bob has applied, with no form, proof or shift yet.
    const thisYear = await download(2, 'phones');
    expect((parse((thisYear.body as Buffer).subarray(3).toString('utf8')) as string[][]).slice(1)).toEqual([
      [`${w.bob.user.firstName} ${w.bob.user.lastName}`, w.bob.user.svid, `'${w.texts.bob.phone}`, 'Yes', 'No'],
    ]);
    expect((await download(2, 'health')).headers['x-total-count']).toBe('0');
  });

  it('the removal then removes as many records as the download held, of every kind; after, the download is empty and says so', async () => {
    t.clock.set(afterAllDue);
    const runs = (await t.app.get(RetentionService).runDue()).filter((run) => run.edition === '2026');
    expect(Object.fromEntries(runs.map((run) => [run.job.replace('retention-', ''), run.counts?.removed]))).toEqual(
      Object.fromEntries(RETENTION_KINDS.map((kind) => [kind, before[kind].length - 1])),
    );
    const removedAt = (await t.dataSource.query('SELECT kind, removed_at FROM data_removals WHERE edition_id = 1')) as {
      kind: string;
      removed_at: string | Date;
    }[];
    for (const kind of RETENTION_KINDS) {
      const csv = await csvOf(kind);
      expect([kind, csv.header, csv.rows, csv.total]).toEqual([kind, before[kind][0], [], '0']);
      const at = removedAt.find((r) => r.kind === kind)!.removed_at;
      expect([kind, Date.parse(csv.removedAt!)]).toEqual([kind, new Date(at instanceof Date ? at : `${at.replace(' ', 'T')}Z`).getTime()]);
    }
  });

  it('audit-logs each download with the kind, the edition and how many rows, never the data', async () => {
    const entries = (await t.dataSource.query(
      "SELECT actor_id, entity, entity_id, after FROM audit_log WHERE action = 'retention.download' ORDER BY id",
    )) as { actor_id: number; entity: string; entity_id: string; after: string | object }[];
    const after = entries.map((e) => (typeof e.after === 'string' ? JSON.parse(e.after) : e.after) as { kind: string; rows: number });
    expect(entries.every((e) => Number(e.actor_id) === w.admin.user.id && e.entity === 'edition')).toBe(true);
    expect(after.slice(0, RETENTION_KINDS.length).map((a) => [a.kind, a.rows])).toEqual(
      RETENTION_KINDS.map((kind) => [kind, before[kind].length - 1]),
    );
    expect(entries.filter((e) => e.entity_id === '2')).toHaveLength(2);
    const logged = JSON.stringify(entries);
    for (const trace of [...traces(w, 'alice'), ...traces(w, 'bob')]) expect([trace, logged.includes(trace)]).toEqual([trace, false]);
  });

  it('refuses an unknown kind (400) and an unknown edition (404), saying what to fix', async () => {
    const kind = await download(1, 'passwords');
    expect(kind.status).toBe(400);
    expect(JSON.parse((kind.body as Buffer).toString('utf8'))).toMatchObject({
      message: expect.stringContaining('Use one of: proofs, passports, health, phones, refereeStatements, performanceNotes'),
      err: expect.any(String),
    });
    const edition = await download(99, 'proofs');
    expect(edition.status).toBe(404);
    expect(JSON.parse((edition.body as Buffer).toString('utf8'))).toMatchObject({ message: expect.stringContaining('no edition 99') });
    expect((await download('one', 'proofs')).status).toBe(400);
  });
});
