// The people and the schedule the cluster test needs, written straight into its database once the
// servers have migrated it (columns as in backend/src/database/migrations). Everyone gets the
// bootstrap administrator's password hash, so they sign in with ADMIN.password.
import { emptyApplicationData, timelineFor } from '@svp/domain';

const FIRST_EDITION = 1;
const HOUR = 3_600_000;
const datetime = (date) => date.toISOString().replace('T', ' ').replace('Z', '');

async function insert(connection, table, rows) {
  if (!rows.length) return;
  const columns = Object.keys(rows[0]);
  await connection.query(`INSERT INTO \`${table}\` (${columns.map((c) => `\`${c}\``).join(', ')}) VALUES ?`, [
    rows.map((row) => columns.map((c) => row[c])),
  ]);
}

/**
 * Seeds: `swappers` + 1 confirmed volunteers (the first offers a shift, the others each hold a shift
 * to give in return), a volunteer without an application (roles and passwords), `leaders` team-leader
 * applicants whose application is unfinished at the team-leader deadline, and one applicant with a
 * draft (the proof upload). Answers the emails and ids.
 */
export async function seedCluster(connection, { adminEmail, swappers = 20, leaders = 5, now = new Date() }) {
  const [[admin]] = await connection.query('SELECT password_hash FROM users WHERE email = ?', [adminEmail]);
  if (!admin) throw new Error(`No bootstrap administrator ${adminEmail}`);
  const [[{ next }]] = await connection.query('SELECT COALESCE(MAX(id), 0) + 1 AS next FROM users');
  const created = datetime(now);
  let id = Number(next);
  const users = [];
  const applications = [];
  const data = JSON.stringify(emptyApplicationData());
  const person = (key, role, extra = {}) => {
    const user = {
      id: id++,
      email: `${key}@cluster.example.org`,
      password_hash: admin.password_hash,
      is_admin: 0,
      verified: 1,
      token_version: 0,
      first_name: key.replace(/\d+$/, '').replace(/^./, (c) => c.toUpperCase()),
      last_name: `Cluster ${key}`,
      svid: `CL${String(id).padStart(6, '0')}`,
      username: `cluster-${key}`,
      role,
      country: 'CA',
      birthdate: '2001-05-01',
      created_at: created,
      updated_at: created,
      ...extra,
    };
    users.push(user);
    return user;
  };
  const application = (user, fields) =>
    applications.push({
      edition_id: FIRST_EDITION,
      user_id: user.id,
      data,
      step: 7,
      completed: 1,
      team_leader: 0,
      financial_aid: 0,
      status: 'confirmed',
      status_tag: 'SV',
      closed: 0,
      submitted_at: created,
      confirmed_at: created,
      version: 1,
      created_at: created,
      updated_at: created,
      ...fields,
    });

  const creator = person('creator', 'Student-Volunteer');
  application(creator, {});
  const acceptors = Array.from({ length: swappers }, (_, i) => person(`acceptor${i}`, 'Student-Volunteer'));
  for (const a of acceptors) application(a, {});
  const rory = person('rory', 'Student-Volunteer');
  const teamLeaders = Array.from({ length: leaders }, (_, i) => person(`leader${i}`, 'Student-Volunteer'));
  for (const l of teamLeaders)
    application(l, { completed: 0, team_leader: 1, status: 'pending', status_tag: null, submitted_at: null, confirmed_at: null, step: 3 });
  const uma = person('uma', 'Student-Volunteer');
  application(uma, { completed: 0, status: 'pending', status_tag: null, submitted_at: null, confirmed_at: null, step: 1 });

  await connection.beginTransaction();
  await insert(connection, 'users', users);
  await insert(connection, 'applications', applications);
  const [venue] = await connection.query('INSERT INTO venues (edition_id, name, location, created_at, updated_at) VALUES (?, ?, ?, ?, ?)', [
    FIRST_EDITION,
    'Exhibit Hall',
    'East Hall A',
    created,
    created,
  ]);
  // On the edition's first day of service (a day before it is a pre-conference day, which these
  // volunteers did not ask for): the creator's shift 16:00–18:00 UTC, each acceptor's 19:00–21:00, one
  // place each (morning and early afternoon in the Pacific time of the conference).
  const [[edition]] = await connection.query('SELECT settings FROM editions WHERE id = ?', [FIRST_EDITION]);
  const { conference } = typeof edition.settings === 'string' ? JSON.parse(edition.settings) : edition.settings;
  const day = new Date(`${conference.startDate}T16:00:00.000Z`);
  if (!(day.getTime() > now.getTime())) throw new Error(`The first edition's conference (${conference.startDate}) is not ahead`);
  const shift = (startsAt, role) => ({
    edition_id: FIRST_EDITION,
    venue_id: venue.insertId,
    day: startsAt.toISOString().slice(0, 10),
    starts_at: datetime(startsAt),
    ends_at: datetime(new Date(startsAt.getTime() + 2 * HOUR)),
    role,
    report_to: 'The venue door',
    sv_slots: 1,
    swappable: 1,
    created_at: created,
    updated_at: created,
  });
  await insert(connection, 'shifts', [
    shift(day, 'Offered'),
    ...acceptors.map((_, i) => shift(new Date(day.getTime() + 3 * HOUR), `Given ${i}`)),
  ]);
  const [shifts] = await connection.query('SELECT id, role FROM shifts WHERE venue_id = ? ORDER BY id', [venue.insertId]);
  const offered = Number(shifts[0].id);
  const given = shifts.slice(1).map((s) => Number(s.id));
  await insert(connection, 'shift_assignments', [
    { shift_id: offered, volunteer_id: creator.id, created_at: created, updated_at: created },
    ...acceptors.map((a, i) => ({ shift_id: given[i], volunteer_id: a.id, created_at: created, updated_at: created })),
  ]);
  await connection.commit();
  return { creator, acceptors, rory, teamLeaders, uma, offered, given };
}

/**
 * A timeline in which everything is ahead but the opening of applications, and the team-leader
 * deadline falls at `teamLeaderEndDate`.
 */
export function clusterTimeline(teamLeaderEndDate, now = Date.now()) {
  return timelineFor('open', now, { teamLeaderEndDate: (teamLeaderEndDate - now) / 86_400_000 });
}
