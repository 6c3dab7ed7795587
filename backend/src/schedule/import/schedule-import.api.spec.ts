import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CreatedUser } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

const SHIFT_HEADER = 'venue,day,start,end,role,report_to,description,special,sv_slots,swappable';

describe('schedule import: POST /api/admin/schedule-import/{shifts,assignments}', () => {
  let t: TestApp;
  let admin: CreatedUser;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-07-01T12:00:00.000Z' });
    admin = await t.factories.admin();
  });
  afterAll(() => t.close());

  const importCsv = (kind: 'shifts' | 'assignments', csv: string, dryRun?: boolean, auth = admin.auth) =>
    t
      .http()
      .post(`/api/admin/schedule-import/${kind}${dryRun === undefined ? '' : `?dryRun=${dryRun}`}`)
      .set('Authorization', auth)
      .send({ csv });
  const post = (path: string, body: object) => t.http().post(`/api/admin/${path}`).set('Authorization', admin.auth).send(body).expect(201);
  const get = (path: string) => t.http().get(`/api/admin/${path}`).set('Authorization', admin.auth).expect(200);
  const filter = (f: object) => `filter=${encodeURIComponent(JSON.stringify(f))}`;
  const count = async (table: string) => Number((await t.dataSource.query(`SELECT COUNT(*) AS n FROM ${table}`))[0].n);
  const auditOf = async (action: string) => {
    const rows = await t.dataSource.query('SELECT actor_id, entity, after FROM audit_log WHERE action = ? ORDER BY id', [action]);
    return rows.map((r: { actor_id: number; entity: string; after: unknown }) => ({
      actor_id: Number(r.actor_id),
      entity: r.entity,
      after: typeof r.after === 'string' ? JSON.parse(r.after) : r.after,
    }));
  };
  const venue = async (name: string) => (await post('venues', { name, location: 'West Building' })).body as { id: number };
  const shift = async (venueId: number, startTime: string, endTime: string, role: string, svSlots: number) =>
    (await post('shifts', { venueId, startTime, endTime, role, svSlots })).body as { id: number };
  const confirmedVolunteer = async (firstName: string) => {
    const volunteer = await t.factories.applicant({ firstName, lastName: 'Volunteer' });
    await t.factories.application(volunteer.user, { status: 'confirmed' });
    return volunteer;
  };
  const shape = (errors: { row: number; field?: string }[]) => errors.map(({ row, field }) => ({ row, ...(field ? { field } : {}) }));

  describe('shifts', () => {
    let room: { id: number };
    let stored: { id: number };
    beforeAll(async () => {
      room = await venue('Room 1');
      stored = await shift(room.id, '2026-08-09 08:00', '2026-08-09 12:00', 'Greeter', 2);
    });

    it('checks every row in a dry run (the default), names each bad row and field, and writes nothing', async () => {
      const csv = [
        SHIFT_HEADER,
        ' room 1 ,2026-08-10,08:00,12:00,Greeter,Ana Lead,,,2,yes',
        'Nowhere,2026-08-10,08:00,12:00,Greeter,,,,2,',
        'Room 1,2026-8-10,08:00,12:00,Greeter,,,,2,',
        'Room 1,2026-08-10,8am,12:00,Greeter,,,,2,',
        'Room 1,2026-08-10,09:00,09:00,Greeter,,,,2,',
        'Room 1,2026-03-08,02:30,05:00,Greeter,,,,2,',
        'Room 1,2026-11-01,00:00,23:30,Greeter,,,,2,',
        'Room 1,2026-08-10,13:00,17:00,Greeter,,,,0,',
        'Room 1,2026-08-10,13:00,17:00,Usher,,,,two,maybe',
        'Room 1,2026-08-10,08:00,12:00,greeter,,,,3,no',
        'Room 1,2026-08-09,08:00,12:00,Greeter,,,,2,',
        'Room 1,2026-08-10,,12:00,,,,,,',
        'Room 1,2026-03-07,23:30,02:30,Night Watch,,,,1,',
      ].join('\n');
      const before = await count('shifts');
      const res = await importCsv('shifts', csv).expect(200);
      expect(res.body).toMatchObject({ dryRun: true, rows: 13, valid: 1, created: 0 });
      expect(shape(res.body.errors)).toEqual([
        { row: 3, field: 'venue' },
        { row: 4, field: 'day' },
        { row: 5, field: 'start' },
        { row: 6, field: 'end' },
        { row: 7, field: 'start' },
        { row: 8, field: 'end' },
        { row: 9, field: 'sv_slots' },
        { row: 10, field: 'sv_slots' },
        { row: 10, field: 'swappable' },
        { row: 11 },
        { row: 12 },
        { row: 13, field: 'start' },
        { row: 13, field: 'role' },
        { row: 13, field: 'sv_slots' },
        { row: 14, field: 'end' },
      ]);
      const message = (row: number, field?: string) =>
        res.body.errors.find((e: { row: number; field?: string }) => e.row === row && e.field === field)?.message;
      expect(message(3, 'venue')).toBe('There is no venue named "Nowhere"; create it under Venues first, or correct the name.');
      expect(message(4, 'day')).toBe('day must be a date written YYYY-MM-DD, e.g. 2026-08-10.');
      expect(message(5, 'start')).toBe('start must be a time written HH:mm in Pacific time (24-hour clock), e.g. 08:00 or 22:30.');
      expect(message(6, 'end')).toMatch(/^end is the same as start/);
      expect(message(7, 'start')).toBe('start is not a time that exists in Pacific time (clocks skip that hour).');
      expect(message(8, 'end')).toBe('A shift cannot last more than 24 hours.');
      expect(message(9, 'sv_slots')).toBe('sv_slots must be a whole number from 1 to 500.');
      expect(message(10, 'swappable')).toBe('swappable must be true, false, yes, no, 1 or 0 (left empty it means true).');
      expect(message(11)).toBe('Row 2 already has a shift at this venue, day, start and role; remove one of the two rows.');
      expect(message(12)).toBe(
        `This shift already exists (shift ${stored.id}): same venue, day, start and role. ` +
          `Remove the row, or change that shift under Shifts.`,
      );
      expect(message(13, 'role')).toBe('role is required.');
      expect(message(14, 'end')).toBe('end is not a time that exists in Pacific time (clocks skip that hour).');
      expect(await count('shifts')).toBe(before);
      expect((await importCsv('shifts', csv, true).expect(200)).body).toEqual(res.body);
    });

    it('refuses a real import with one bad row: 400 with the rows, nothing written', async () => {
      const csv = [
        SHIFT_HEADER,
        'Room 1,2026-08-11,08:00,12:00,Greeter,,,,2,',
        'Room 1,2026-08-11,12:00,16:00,Greeter,,,,-1,',
        'Room 1,2026-08-11,16:00,20:00,Greeter,,,,2,',
      ].join('\n');
      const before = await count('shifts');
      const res = await importCsv('shifts', csv, false).expect(400);
      expect(res.body).toEqual({
        message: 'Nothing was imported: 1 of 3 rows has problems. Fix it and import the file again.',
        err: 'IMPORT_ROWS_INVALID',
        dryRun: false,
        rows: 3,
        valid: 2,
        created: 0,
        errors: [{ row: 3, field: 'sv_slots', message: 'sv_slots must be a whole number from 1 to 500.' }],
      });
      expect(await count('shifts')).toBe(before);
      expect(await auditOf('schedule-import.shifts')).toEqual([]);
    });

    it(
      'writes every shift of a clean file with its Pacific times ' +
        '(a night across midnight, the fall-back night) and audits the import once',
      async () => {
        const desk = await venue('Night Desk');
        const csv = [
          SHIFT_HEADER,
          'Night Desk,2026-08-10,22:00,01:00,Night Watch,Sam Lead,"Lock the door, then count badges",,2,no',
          'Night Desk,2026-11-01,00:00,04:00,Night Watch,,,Clocks go back at 02:00,1,',
          'Night Desk,2026-08-11,8:00,12:00,Greeter,,,,3,TRUE',
        ].join('\n');
        expect((await importCsv('shifts', csv, true).expect(200)).body).toEqual({
          dryRun: true,
          rows: 3,
          valid: 3,
          errors: [],
          created: 0,
        });
        expect((await importCsv('shifts', csv, false).expect(200)).body).toEqual({
          dryRun: false,
          rows: 3,
          valid: 3,
          errors: [],
          created: 3,
        });

        const list = await get(`shifts?${filter({ venueId: desk.id })}&sort=${encodeURIComponent('["startsAt","ASC"]')}`);
        expect(list.headers['content-range']).toBe('shifts 0-2/3');
        expect(list.body).toMatchObject([
          {
            day: '2026-08-10',
            startTime: '2026-08-10 22:00',
            endTime: '2026-08-11 01:00',
            startsAt: '2026-08-11T05:00:00.000Z',
            endsAt: '2026-08-11T08:00:00.000Z',
            role: 'Night Watch',
            reportTo: 'Sam Lead',
            description: 'Lock the door, then count badges',
            special: '',
            svSlots: 2,
            swappable: false,
            assigned: 0,
          },
          { day: '2026-08-11', startTime: '2026-08-11 08:00', endTime: '2026-08-11 12:00', role: 'Greeter', svSlots: 3, swappable: true },
          // Five hours: 01:00–02:00 happens twice that night.
          {
            day: '2026-11-01',
            startTime: '2026-11-01 00:00',
            endTime: '2026-11-01 04:00',
            startsAt: '2026-11-01T07:00:00.000Z',
            endsAt: '2026-11-01T12:00:00.000Z',
            special: 'Clocks go back at 02:00',
            swappable: true,
          },
        ]);
        expect(await auditOf('schedule-import.shifts')).toEqual([
          { actor_id: admin.user.id, entity: 'shift', after: { rows: 3, created: 3 } },
        ]);
        const again = await importCsv('shifts', csv, false).expect(400);
        expect(shape(again.body.errors)).toEqual([{ row: 2 }, { row: 3 }, { row: 4 }]);
      },
    );

    it('reads a BOM, CRLF line endings, quoted commas, quotes and line breaks, any column order and case, and blank rows', async () => {
      const hall = await venue('Quote Hall');
      const csv =
        '\uFEFF SV_SLOTS ,Venue,Day,Start,End,Role,Description\r\n' +
        '2,Quote Hall,2026-08-12,08:00,12:00,Greeter,"Bring water, a hat\r\nand ""sunscreen"""\r\n' +
        '\r\n' +
        '2,Nowhere Hall,2026-08-12,08:00,12:00,Greeter,\r\n' +
        ',,,,,,\r\n' +
        '1,Quote Hall,2026-08-12,13:00,17:00,Usher,\r\n' +
        '\r\n\r\n';
      const checked = await importCsv('shifts', csv).expect(200);
      // Spreadsheet rows: the quoted line break stays inside row 2, the blank row 3 is skipped but counted.
      expect(checked.body).toMatchObject({ rows: 3, valid: 2, errors: [{ row: 4, field: 'venue' }] });
      const fixed = csv.replace('Nowhere Hall', 'Quote Hall').replace(',12:00,Greeter,\r\n', ',12:00,Runner,\r\n');
      expect((await importCsv('shifts', fixed, false).expect(200)).body).toMatchObject({ rows: 3, created: 3, errors: [] });
      const list = await get(`shifts?${filter({ venueId: hall.id, q: 'greeter' })}`);
      expect(list.body.map((s: { description: string }) => s.description)).toEqual(['Bring water, a hat\r\nand "sunscreen"']);
    });

    it('reports an unclosed quote as a row error (not a 500) and still checks the rows above it', async () => {
      const csv = [
        SHIFT_HEADER,
        'Room 1,2026-08-13,08:00,12:00,Greeter,,,,2,',
        'Nowhere,2026-08-13,12:00,16:00,Greeter,,,,2,',
        'Room 1,2026-08-13,16:00,20:00,Greeter,,"Unclosed, forever,,1,',
        'Room 1,2026-08-13,20:00,22:00,Greeter,,,,1,',
      ].join('\n');
      const res = await importCsv('shifts', csv).expect(200);
      expect(res.body).toMatchObject({ dryRun: true, rows: 3, valid: 1 });
      expect(res.body.errors).toEqual([
        { row: 3, field: 'venue', message: 'There is no venue named "Nowhere"; create it under Venues first, or correct the name.' },
        { row: 4, message: expect.stringContaining('is never closed') },
      ]);
      await importCsv('shifts', csv, false).expect(400);
    });

    it('names header problems on row 1, and rows with too few or too many values', async () => {
      const badHeader = await importCsv(
        'shifts',
        'venue,day,start,role,sv_slots,colour,DAY\nRoom 1,2026-08-14,08:00,Greeter,1,red,2026-08-14',
      ).expect(200);
      expect(badHeader.body).toMatchObject({ rows: 1, valid: 0 });
      expect(badHeader.body.errors).toEqual([
        {
          row: 1,
          field: 'colour',
          message: expect.stringMatching(
            /^"colour" is not a column of this file; remove it or rename it to one of: venue, day, start, end, role, report_to/,
          ),
        },
        { row: 1, field: 'day', message: 'The "day" column appears more than once in the header; keep one.' },
        { row: 1, field: 'end', message: `The header has no "end" column; the header must be: ${SHIFT_HEADER}` },
      ]);
      const ragged = await importCsv(
        'shifts',
        [SHIFT_HEADER, 'Room 1,2026-08-14,08:00,12:00,Greeter,,,,2,,extra', 'Room 1,2026-08-14,13:00'].join('\n'),
      ).expect(200);
      expect(ragged.body.errors).toEqual([
        { row: 2, message: expect.stringMatching(/^This row has 11 values but the header has 10 columns/) },
        { row: 3, message: expect.stringMatching(/^This row has 3 values but the header has 10 columns/) },
      ]);
      expect((await importCsv('shifts', ' \n\n').expect(200)).body).toEqual({
        dryRun: true,
        rows: 1,
        valid: 0,
        created: 0,
        errors: [{ row: 1, message: `The file is empty. Its first row must be the header: ${SHIFT_HEADER}` }],
      });
      const headerOnly = await importCsv('shifts', `${SHIFT_HEADER}\n`, false).expect(400);
      expect(headerOnly.body).toMatchObject({
        message: 'Nothing was imported: 1 of 1 row has problems. Fix it and import the file again.',
        errors: [{ row: 1, message: 'The file has a header but no rows below it.' }],
      });
    });

    it('takes 5,000 rows in one go and refuses 5,001 rows or more than 2 MB with 413, writing nothing', async () => {
      const bulk = await venue('Bulk Hall');
      const rows = (n: number) =>
        [SHIFT_HEADER, ...Array.from({ length: n }, (_, i) => `Bulk Hall,2026-08-20,08:00,12:00,Role ${i + 1},,,,1,`)].join('\n');
      const before = await count('shifts');
      const tooMany = await importCsv('shifts', rows(5001), true).expect(413);
      expect(tooMany.body).toEqual({
        message: 'The file has 5,001 rows; at most 5,000 can be imported at once. Split it into smaller files.',
        err: 'PAYLOAD_TOO_LARGE',
      });
      const tooLarge = await importCsv('shifts', `${SHIFT_HEADER}\n${'x'.repeat(2.1 * 1024 * 1024)}`, true).expect(413);
      expect(tooLarge.body).toEqual({
        message: 'The file is larger than 2 MB; split it into smaller files and import them one after another.',
        err: 'PAYLOAD_TOO_LARGE',
      });
      // Just under the limit, the file reaches the checks (the JSON limit of other routes is 1 MB).
      const large = await importCsv('shifts', `${SHIFT_HEADER}\n${'x'.repeat(1.9 * 1024 * 1024)}`, true).expect(200);
      expect(large.body.errors[0]).toMatchObject({ row: 2 });
      expect(await count('shifts')).toBe(before);
      expect((await importCsv('shifts', rows(5000), false).expect(200)).body).toMatchObject({ rows: 5000, valid: 5000, created: 5000 });
      expect(Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM shifts WHERE venue_id = ?', [bulk.id]))[0].n)).toBe(5000);
    });

    it('refuses a body without csv text, and a dryRun that is not true or false (400)', async () => {
      const noCsv = await t.http().post('/api/admin/schedule-import/shifts').set('Authorization', admin.auth).send({}).expect(400);
      expect(noCsv.body.errors).toEqual({ csv: 'csv must be the text of the CSV file' });
      const notText = await t
        .http()
        .post('/api/admin/schedule-import/shifts')
        .set('Authorization', admin.auth)
        .send({ csv: 12 })
        .expect(400);
      expect(notText.body.errors.csv).toBe('csv must be the text of the CSV file');
      const extra = await t
        .http()
        .post('/api/admin/schedule-import/shifts')
        .set('Authorization', admin.auth)
        .send({ csv: SHIFT_HEADER, file: 'x' })
        .expect(400);
      expect(extra.body.errors.file).toBe('file is not a known field; remove it');
      const maybe = await importCsv('shifts', SHIFT_HEADER).query({ dryRun: 'maybe' });
      expect(maybe.status).toBe(400);
      expect(maybe.body.errors.dryRun).toBe('dryRun must be true or false');
    });
  });

  describe('assignments', () => {
    const ASSIGNMENT_HEADER = 'svid,venue,day,start,role,accommodations';
    let greeter: { id: number };
    let evening: { id: number };
    let vera: CreatedUser;
    let fay: CreatedUser;
    beforeAll(async () => {
      const main = await venue('Main Hall');
      const side = await venue('Side Room');
      greeter = await shift(main.id, '2026-08-12 08:00', '2026-08-12 12:00', 'Greeter', 2);
      await shift(main.id, '2026-08-12 08:00', '2026-08-12 12:00', 'Usher', 1);
      const runner = await shift(side.id, '2026-08-12 11:00', '2026-08-12 15:00', 'Runner', 3);
      evening = await shift(side.id, '2026-08-12 18:00', '2026-08-12 22:00', 'Runner', 1);
      vera = await confirmedVolunteer('Vera');
      fay = await confirmedVolunteer('Fay');
      await post('shift-assignments', { shiftId: runner.id, volunteerId: vera.user.id });
      await post('shift-assignments', { shiftId: evening.id, volunteerId: fay.user.id });
    });

    it('checks every row against the schedule and the rows above it, names each bad row and field, and writes nothing', async () => {
      const otto = await t.factories.applicant({ firstName: 'Otto', lastName: 'Offered' });
      await t.factories.application(otto.user, { status: 'offered' });
      const [carl, dana, eve, gus, hal] = [
        await confirmedVolunteer('Carl'),
        await confirmedVolunteer('Dana'),
        await confirmedVolunteer('Eve'),
        await confirmedVolunteer('Gus'),
        await confirmedVolunteer('Hal'),
      ];
      const csv = [
        ASSIGNMENT_HEADER,
        `${carl.user.svid.toLowerCase()},Main Hall,2026-08-12,08:00,Greeter,`,
        'NOPE9999,Main Hall,2026-08-12,08:00,Greeter,',
        `${otto.user.svid},Main Hall,2026-08-12,08:00,Greeter,`,
        `${dana.user.svid},Main Hall,2026-08-12,08:00,,`,
        `${dana.user.svid},Main Hall,2026-08-12,09:00,Greeter,`,
        `${dana.user.svid},main hall,2026-08-12,08:00,Cook,`,
        `${fay.user.svid},Side Room,2026-08-12,18:00,,`,
        `${vera.user.svid},Main Hall,2026-08-12,08:00,Greeter,`,
        `${carl.user.svid},Side Room,2026-08-12,11:00,Runner,`,
        `${eve.user.svid},Side Room,2026-08-12,18:00,Runner,`,
        `${gus.user.svid},Main Hall,2026-08-12,08:00,usher,`,
        `${hal.user.svid},Main Hall,2026-08-12,08:00,Usher,`,
        `${carl.user.svid},Main Hall,2026-08-12,08:00,Greeter,`,
        ',Hall Nowhere,2026-13-01,25:00,,',
        `${eve.user.svid},Main Hall,2026-08-12,08:00,Greeter,${'x'.repeat(2001)}`,
      ].join('\n');
      const before = await count('shift_assignments');
      const res = await importCsv('assignments', csv).expect(200);
      expect(res.body).toMatchObject({ dryRun: true, rows: 15, valid: 2, created: 0 });
      expect(res.body.errors).toEqual([
        { row: 3, field: 'svid', message: 'There is no user with SV ID "NOPE9999"; check the SV ID under Users.' },
        { row: 4, field: 'svid', message: 'Otto Offered cannot be given shifts: only volunteers with a confirmed place can be assigned.' },
        {
          row: 5,
          field: 'start',
          message: '2 shifts at Main Hall start 2026-08-12 08:00 (Greeter, Usher); add a role column and fill it in to say which one.',
        },
        {
          row: 6,
          field: 'start',
          message:
            'There is no shift at Main Hall starting 2026-08-12 09:00 (Pacific time); ' +
            'import that shift first, or correct venue, day and start.',
        },
        {
          row: 7,
          field: 'role',
          message: 'No shift at Main Hall starting 2026-08-12 08:00 has the role "Cook"; the roles there are: Greeter, Usher.',
        },
        { row: 8, field: 'svid', message: 'Fay Volunteer is already assigned to this shift.' },
        {
          row: 9,
          field: 'svid',
          message: 'Vera Volunteer already works Runner at Side Room on Wed Aug 12th, 11:00–15:00, which overlaps this shift.',
        },
        {
          row: 10,
          field: 'svid',
          message:
            'Carl Volunteer is also on row 2 for Greeter at Main Hall on Wed Aug 12th, 08:00–12:00, which overlaps this shift; ' +
            'remove one of the two rows.',
        },
        {
          row: 11,
          field: 'start',
          message:
            'Runner at Side Room on Wed Aug 12th, 18:00–22:00 is full: ' +
            'sv_slots is 1, with 1 volunteer assigned already and 0 on earlier rows of this file. ' +
            'Raise sv_slots under Shifts, or choose another shift.',
        },
        {
          row: 13,
          field: 'start',
          message:
            'Usher at Main Hall on Wed Aug 12th, 08:00–12:00 is full: ' +
            'sv_slots is 1, with 0 volunteers assigned already and 1 on earlier rows of this file. ' +
            'Raise sv_slots under Shifts, or choose another shift.',
        },
        { row: 14, field: 'svid', message: 'Row 2 already assigns Carl Volunteer to this shift; remove one of the two rows.' },
        { row: 15, field: 'svid', message: 'svid is required.' },
        { row: 15, field: 'venue', message: 'There is no venue named "Hall Nowhere"; create it under Venues first, or correct the name.' },
        { row: 15, field: 'day', message: 'day must be a date written YYYY-MM-DD, e.g. 2026-08-10.' },
        { row: 15, field: 'start', message: 'start must be a time written HH:mm in Pacific time (24-hour clock), e.g. 08:00 or 22:30.' },
        { row: 16, field: 'accommodations', message: 'accommodations must be at most 2000 characters.' },
        {
          row: 16,
          field: 'start',
          message: expect.stringMatching(
            /^Greeter at Main Hall on Wed Aug 12th, 08:00–12:00 is full: sv_slots is 2, with 0 volunteers assigned already and 2 on earlier rows/,
          ),
        },
      ]);
      expect(await count('shift_assignments')).toBe(before);
    });

    it('refuses a real import with one bad row: 400 with the rows, nothing written', async () => {
      const [kim, lou] = [await confirmedVolunteer('Kim'), await confirmedVolunteer('Lou')];
      const csv = [
        ASSIGNMENT_HEADER,
        `${kim.user.svid},Main Hall,2026-08-12,08:00,Greeter,`,
        `${lou.user.svid},Side Room,2026-08-12,18:00,,`,
      ].join('\n');
      const before = await count('shift_assignments');
      const res = await importCsv('assignments', csv, false).expect(400);
      expect(res.body).toMatchObject({
        err: 'IMPORT_ROWS_INVALID',
        dryRun: false,
        rows: 2,
        valid: 1,
        created: 0,
        errors: [{ row: 3, field: 'start' }],
      });
      expect(res.body.message).toBe('Nothing was imported: 1 of 2 rows has problems. Fix it and import the file again.');
      expect(await count('shift_assignments')).toBe(before);
      expect((await get(`shifts/${greeter.id}`)).body.assigned).toBe(0);
    });

    it('writes every assignment of a clean file, shown on its shifts with the notes, and audits the import once', async () => {
      const shifts = [
        SHIFT_HEADER,
        'Side Room,2026-08-13,22:00,01:00,Night Runner,,,,2,',
        'Side Room,2026-11-01,00:00,04:00,Night Runner,,,,1,',
      ].join('\r\n');
      await importCsv('shifts', shifts, false).expect(200);
      const [night, fallBack] = (await get(`shifts?${filter({ q: 'night runner' })}&sort=${encodeURIComponent('["startsAt","ASC"]')}`))
        .body as { id: number; endTime: string }[];
      const [ivy, jon] = [await confirmedVolunteer('Ivy'), await confirmedVolunteer('Jon')];
      const csv = [
        'start_back_to_back,svid,venue,day,start,accommodations,end_back_to_back',
        `Main Hall,${ivy.user.svid},Side Room,2026-08-13,22:00,"Needs a chair, and a quiet corner",`,
        `,${jon.user.svid},Side Room,2026-08-13,22:00,,Hotel shuttle`,
        `,${ivy.user.svid},side room,2026-11-01,00:00,,`,
      ].join('\n');
      expect((await importCsv('assignments', csv, false).expect(200)).body).toEqual({
        dryRun: false,
        rows: 3,
        valid: 3,
        errors: [],
        created: 3,
      });

      const onNight = await get(`shift-assignments?${filter({ shiftId: night!.id })}`);
      expect(onNight.body).toMatchObject([
        {
          volunteerId: ivy.user.id,
          volunteerName: 'Ivy Volunteer',
          svid: ivy.user.svid,
          accommodations: 'Needs a chair, and a quiet corner',
          startBackToBack: 'Main Hall',
          endBackToBack: '',
        },
        {
          volunteerId: jon.user.id,
          volunteerName: 'Jon Volunteer',
          accommodations: '',
          startBackToBack: '',
          endBackToBack: 'Hotel shuttle',
        },
      ]);
      expect((await get(`shifts/${night!.id}`)).body).toMatchObject({
        startTime: '2026-08-13 22:00',
        endTime: '2026-08-14 01:00',
        assigned: 2,
      });
      expect((await get(`shifts/${fallBack!.id}`)).body).toMatchObject({
        startTime: '2026-11-01 00:00',
        endTime: '2026-11-01 04:00',
        assigned: 1,
      });
      expect(await auditOf('schedule-import.assignments')).toEqual([
        { actor_id: admin.user.id, entity: 'shift-assignment', after: { rows: 3, created: 3, shifts: 2, volunteers: 2 } },
      ]);
      const again = await importCsv('assignments', csv, false).expect(400);
      expect(again.body.errors.map((e: { message: string }) => e.message)).toEqual([
        'Ivy Volunteer is already assigned to this shift.',
        'Jon Volunteer is already assigned to this shift.',
        'Ivy Volunteer is already assigned to this shift.',
      ]);
    });

    it('shows imported shifts and assignments at once on a schedule the server had already built', async () => {
      const kim = await confirmedVolunteer('Kim');
      await venue('Late Room');
      t.clock.set('2026-08-06T12:00:00.000Z');
      try {
        const schedule = async () =>
          (await t.http().get(`/api/schedule/${kim.user.id}`).set('Authorization', t.factories.auth(kim.user)).expect(200)).body.data;
        expect((await schedule()).shifts).toEqual([]);
        // Tokens signed now: the clock moved past the admin's sign-in.
        const adminNow = t.factories.auth(admin.user);
        await importCsv('shifts', [SHIFT_HEADER, 'Late Room,2026-08-14,18:00,21:00,Closer,,,,2,'].join('\n'), false, adminNow).expect(200);
        await importCsv('assignments', `svid,venue,day,start\n${kim.user.svid},Late Room,2026-08-14,18:00`, false, adminNow).expect(200);
        expect((await schedule()).shifts).toMatchObject([
          { role: 'Closer', start_time: '2026-08-14 18:00', end_time: '2026-08-14 21:00', venue: { name: 'Late Room' } },
        ]);
      } finally {
        t.clock.set('2026-07-01T12:00:00.000Z');
      }
    });

    it('never fills a shift past sv_slots when an import and an admin assignment race for its last place', async () => {
      const race = await venue('Race Room');
      const last = await shift(race.id, '2026-08-15 08:00', '2026-08-15 12:00', 'Greeter', 1);
      const [one, two] = [await confirmedVolunteer('One'), await confirmedVolunteer('Two')];
      const [imported, assigned] = await Promise.all([
        importCsv('assignments', `svid,venue,day,start\n${one.user.svid},Race Room,2026-08-15,08:00`, false),
        t.http().post('/api/admin/shift-assignments').set('Authorization', admin.auth).send({ shiftId: last.id, volunteerId: two.user.id }),
      ]);
      expect([
        [200, 409],
        [400, 201],
      ]).toContainEqual([imported.status, assigned.status]);
      expect((await get(`shifts/${last.id}`)).body.assigned).toBe(1);
    });
  });

  it('admits administrators only: 401 anonymous, 403 team leaders and volunteers', async () => {
    const teamLeader = await t.factories.teamLeader();
    const applicant = await t.factories.applicant();
    for (const kind of ['shifts', 'assignments'] as const) {
      await t.http().post(`/api/admin/schedule-import/${kind}`).send({ csv: SHIFT_HEADER }).expect(401);
      await importCsv(kind, SHIFT_HEADER, true, teamLeader.auth).expect(403);
      await importCsv(kind, SHIFT_HEADER, false, applicant.auth).expect(403);
    }
  });
});
