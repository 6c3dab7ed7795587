// Seeds a migrated database for the schedule benchmark directly with SQL: confirmed
// volunteers, team leaders leading one or two venues each, venues, shifts over the conference days
// and the volunteers' shift assignments (no overlaps, within sv_slots). Every seeded user gets the
// password hash of the bootstrap admin, so the benchmark can sign them in with the admin password.
// Columns follow backend/src/database/migrations (1764000000000…1764400000000).
import { emptyApplicationData } from '@svp/domain';
import { random } from './random.mjs';
import { FIRST_NAMES, LAST_NAMES } from './seed.mjs';

/** A freshly migrated database holds one edition, the first (id 1): every seeded record is its. */
const FIRST_EDITION = 1;

const datetime = (date) => date.toISOString().replace('T', ' ').replace('Z', '');
const HOUR = 3_600_000;
/** August in Vancouver is PDT, UTC−7. */
const PACIFIC_OFFSET_HOURS = 7;
export const CONFERENCE_DAYS = ['2025-08-08', '2025-08-09', '2025-08-10', '2025-08-11', '2025-08-12', '2025-08-13', '2025-08-14'];
const ROLES = [
  'Room monitor',
  'Registration desk',
  'Badge check',
  'Speaker ready room',
  'Wayfinding',
  'Exhibition hall',
  'Merch booth',
  'Mic runner',
  'Courses',
  'Emerging Technologies',
];

/**
 * The rows: `leaders` team leaders (the first `venues − leaders` of them lead a second venue),
 * `volunteers` confirmed volunteers, `venues` venues, `shifts` shifts spread evenly over the venues
 * and CONFERENCE_DAYS (07:00–22:00 Pacific, 2–4 h), and `perVolunteer` ± 2 assignments each.
 */
export function generateSchedule({
  volunteers = 1000,
  leaders = 40,
  venues = 60,
  shifts = 3000,
  perVolunteer = 8,
  passwordHash,
  firstUserId,
  firstApplicationId = 1,
  seed = 8,
}) {
  const rng = random(seed);
  const created = datetime(new Date(Date.UTC(2025, 3, 1, 12)));
  const rows = {
    users: [],
    applications: [],
    venues: [],
    venue_team_leaders: [],
    shifts: [],
    shift_assignments: [],
    performance_records: [],
  };
  const user = (id, fields) => ({
    id,
    password_hash: passwordHash,
    is_admin: 0,
    verified: 1,
    token_version: 0,
    country: 'CA',
    birthdate: '2002-04-01',
    created_at: created,
    updated_at: created,
    ...fields,
  });

  const leaderIds = [];
  for (let j = 0; j < leaders; j += 1) {
    const id = firstUserId + j;
    leaderIds.push(id);
    rows.users.push(
      user(id, {
        email: `schedule-tl${j}@bench.example.org`,
        first_name: rng.pick(FIRST_NAMES),
        last_name: `Leader ${j}`,
        svid: `ST${String(j).padStart(6, '0')}`,
        username: `bench-schedule-tl-${j}`,
        role: 'Team-Leader',
      }),
    );
  }
  const volunteerIds = [];
  const data = JSON.stringify(emptyApplicationData());
  for (let i = 0; i < volunteers; i += 1) {
    const id = firstUserId + leaders + i;
    volunteerIds.push(id);
    rows.users.push(
      user(id, {
        email: `schedule-sv${i}@bench.example.edu`,
        first_name: rng.pick(FIRST_NAMES),
        last_name: rng.pick(LAST_NAMES),
        svid: `SS${String(i).padStart(6, '0')}`,
        username: `bench-schedule-sv-${i}`,
        role: 'Student-Volunteer',
      }),
    );
    rows.applications.push({
      edition_id: FIRST_EDITION,
      id: firstApplicationId + i,
      user_id: id,
      data,
      step: 7,
      completed: 1,
      team_leader: 0,
      financial_aid: 0,
      status: 'confirmed',
      status_tag: 'SV',
      closed: 0,
      submitted_at: datetime(new Date(Date.UTC(2025, 3, 20))),
      confirmed_at: datetime(new Date(Date.UTC(2025, 5, 1))),
      version: 3,
      created_at: created,
      updated_at: datetime(new Date(Date.UTC(2025, 5, 1))),
    });
  }

  // Venues 1..n; venue v is led by leader v mod leaders, so the first venues − leaders leaders lead two.
  for (let v = 0; v < venues; v += 1) {
    const id = v + 1;
    rows.venues.push({
      id,
      edition_id: FIRST_EDITION,
      name: `Hall ${String.fromCharCode(65 + (v % 26))}${Math.floor(v / 26) + 1} — ${ROLES[v % ROLES.length]}`,
      location: `West Building, level ${1 + (v % 3)}`,
      created_at: created,
      updated_at: created,
    });
    rows.venue_team_leaders.push({ venue_id: id, team_leader_id: leaderIds[v % leaders] });
  }

  // Shifts: round-robin over venues and days; each starts on the quarter hour between 07:00 and 19:00 Pacific.
  const shiftList = [];
  for (let s = 0; s < shifts; s += 1) {
    const id = s + 1;
    const venueId = (s % venues) + 1;
    const day = CONFERENCE_DAYS[Math.floor(s / venues) % CONFERENCE_DAYS.length];
    const [y, m, d] = day.split('-').map(Number);
    const startHour = rng.int(7 * 4, 19 * 4) / 4;
    const length = rng.pick([2, 2.5, 3, 3, 3.5, 4]);
    const startsAt = new Date(Date.UTC(y, m - 1, d) + (startHour + PACIFIC_OFFSET_HOURS) * HOUR);
    const endsAt = new Date(startsAt.getTime() + length * HOUR);
    const shift = {
      id,
      edition_id: FIRST_EDITION,
      venue_id: venueId,
      day,
      starts_at: datetime(startsAt),
      ends_at: datetime(endsAt),
      role: rng.pick(ROLES),
      report_to: 'Team leader at the venue door',
      description: 'Greet attendees, scan badges and keep the aisles clear.',
      special: s % 10 === 0 ? 'Standing for long periods' : null,
      sv_slots: rng.int(2, 5),
      swappable: 1,
      created_at: created,
      updated_at: created,
    };
    rows.shifts.push(shift);
    shiftList.push({ id, start: startsAt.getTime(), end: endsAt.getTime(), slots: shift.sv_slots, taken: 0 });
  }

  // Assignments: each volunteer tries random shifts until perVolunteer fit (free place, no overlap with their own).
  const assignedAt = datetime(new Date(Date.UTC(2025, 6, 1)));
  const counts = new Map();
  for (const volunteerId of volunteerIds) {
    const held = [];
    const wanted = perVolunteer + rng.int(-2, 2); // 6–10 shifts, 8 on average
    for (let attempt = 0; held.length < wanted && attempt < 400; attempt += 1) {
      const shift = rng.pick(shiftList);
      if (shift.taken >= shift.slots) continue;
      if (held.some((h) => h.id === shift.id || (h.start < shift.end && shift.start < h.end))) continue;
      shift.taken += 1;
      held.push(shift);
      rows.shift_assignments.push({
        shift_id: shift.id,
        volunteer_id: volunteerId,
        start_back_to_back: null,
        end_back_to_back: null,
        accommodations: null,
        created_at: assignedAt,
        updated_at: assignedAt,
      });
    }
    counts.set(volunteerId, held.length);
    // A past performance record on the first shift of every tenth volunteer.
    if (held.length && volunteerId % 10 === 0) {
      rows.performance_records.push({
        shift_id: held[0].id,
        volunteer_id: volunteerId,
        check_in: 1,
        check_out: 1,
        rating: rng.int(1, 5),
        notes: 'On time.',
        updated_at: assignedAt,
        updated_by: leaderIds[0],
      });
    }
  }
  const hours = new Map();
  for (const a of rows.shift_assignments) {
    const s = shiftList[a.shift_id - 1];
    hours.set(a.volunteer_id, (hours.get(a.volunteer_id) ?? 0) + (s.end - s.start) / HOUR);
  }
  const ledVenues = new Map(
    leaderIds.map((id) => [id, rows.venue_team_leaders.filter((l) => l.team_leader_id === id).map((l) => l.venue_id)]),
  );
  const venueShiftCount = new Map();
  for (const s of rows.shifts) venueShiftCount.set(s.venue_id, (venueShiftCount.get(s.venue_id) ?? 0) + 1);
  return {
    rows,
    volunteerIds,
    leaderIds,
    /** Expected shifts per volunteer id and per team leader id (the shifts of the venues they lead). */
    expected: {
      volunteer: counts,
      leader: new Map([...ledVenues].map(([id, list]) => [id, list.reduce((sum, v) => sum + (venueShiftCount.get(v) ?? 0), 0)])),
    },
    hours,
  };
}

const TABLES = ['users', 'applications', 'venues', 'venue_team_leaders', 'shifts', 'shift_assignments', 'performance_records'];

function summary(generated) {
  const { rows, hours } = generated;
  const h = [...hours.values()];
  return {
    ...generated,
    counts: Object.fromEntries(TABLES.map((t) => [t, rows[t].length])),
    meanHours: h.reduce((a, b) => a + b, 0) / Math.max(1, h.length),
  };
}

/** Seeds the SQLite file of a migrated, stopped server. */
export async function seedScheduleSqlite(file, { adminEmail, ...options }) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    const admin = db.prepare('SELECT password_hash FROM users WHERE email = ?').get(adminEmail);
    if (!admin) throw new Error(`No bootstrap admin ${adminEmail} to copy the password hash from`);
    const firstUserId = Number(db.prepare('SELECT COALESCE(MAX(id), 0) + 1 AS next FROM users').get().next);
    const firstApplicationId = Number(db.prepare('SELECT COALESCE(MAX(id), 0) + 1 AS next FROM applications').get().next);
    const generated = generateSchedule({ ...options, passwordHash: admin.password_hash, firstUserId, firstApplicationId });
    db.transaction(() => {
      for (const table of TABLES) {
        const list = generated.rows[table];
        if (!list.length) continue;
        const columns = Object.keys(list[0]);
        const insert = db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`);
        for (const row of list) insert.run(row);
      }
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.exec('ANALYZE');
    return summary(generated);
  } finally {
    db.close();
  }
}

/** Seeds a migrated MySQL/MariaDB database, a few hundred rows per INSERT. */
export async function seedScheduleMysql(url, { adminEmail, ...options }) {
  const { default: mysql } = await import('mysql2/promise');
  const connection = await mysql.createConnection({ uri: url, charset: 'utf8mb4_unicode_ci', timezone: 'Z' });
  try {
    const [[admin]] = await connection.query('SELECT password_hash FROM users WHERE email = ?', [adminEmail]);
    if (!admin) throw new Error(`No bootstrap admin ${adminEmail} to copy the password hash from`);
    const next = async (table) => Number((await connection.query(`SELECT COALESCE(MAX(id), 0) + 1 AS next FROM \`${table}\``))[0][0].next);
    const generated = generateSchedule({
      ...options,
      passwordHash: admin.password_hash,
      firstUserId: await next('users'),
      firstApplicationId: await next('applications'),
    });
    await connection.beginTransaction();
    for (const table of TABLES) {
      const list = generated.rows[table];
      if (!list.length) continue;
      const columns = Object.keys(list[0]);
      for (let i = 0; i < list.length; i += 500) {
        const batch = list.slice(i, i + 500).map((row) => columns.map((c) => row[c]));
        await connection.query(`INSERT INTO \`${table}\` (${columns.map((c) => `\`${c}\``).join(', ')}) VALUES ?`, [batch]);
      }
    }
    await connection.commit();
    await connection.query(`ANALYZE TABLE ${TABLES.map((t) => `\`${t}\``).join(', ')}`);
    return summary(generated);
  } finally {
    await connection.end();
  }
}
