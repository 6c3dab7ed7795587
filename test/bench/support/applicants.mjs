// Applicants in the middle of their application, for the deadline spike benchmark and the outage
// and crash tests: real accounts (verified, with a complete profile and a password they sign in
// with) whose applications are open, with three essays at the word limit. Inserted with SQL, as the
// API would take minutes to register 500 people; the columns follow backend/src/database/migrations
// and the answers pass the domain's validateApplicationData.
import {
  ESSAY_WORD_LIMIT,
  applicationYears,
  defaultSettings,
  emptyApplicationData,
  isProfileComplete,
  timelineFor,
  validateApplicationData,
} from '@svp/domain';
import { random } from './random.mjs';
import { FIRST_NAMES, LAST_NAMES, applicationAnswers, essay } from './seed.mjs';

/** A freshly migrated database holds one edition, the first (id 1): every seeded record is its. */
const FIRST_EDITION = 1;

export const APPLICANT_PASSWORD = 'spike-applicant-password';

const ESSAYS = ['essay1', 'essay2', 'essay3'];
const DAY = 86_400_000;

const datetime = (date) => date.toISOString().replace('T', ' ').replace('Z', '');

/**
 * One argon2id hash of APPLICANT_PASSWORD shared by every seeded applicant, with OWASP's minimum
 * parameters (19 MiB, 2 passes) rather than the server's heavier defaults: the server verifies any
 * argon2 hash by the parameters it carries, and 500 sign-ins then take seconds, not a minute.
 */
export async function applicantPasswordHash() {
  const { default: argon2 } = await import('argon2');
  return argon2.hash(APPLICANT_PASSWORD, { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
}

/**
 * A timeline in the last hour before the application deadline (the server runs on the real clock),
 * launched two months ago as a real edition would be.
 */
export function deadlineHourTimeline(now = Date.now()) {
  return timelineFor('open', now, { applicationLaunchDate: -60, teamLeaderEndDate: 1 / 24, applicationEndDate: 1 / 24 });
}

/**
 * The rows of `count` applicants from `firstUserId` / `firstApplicationId`, and for each the account
 * the clients use: { userId, applicationId, email, svid, data, teamLeader, financialAid }.
 */
export function generateApplicants({ count, firstUserId, firstApplicationId, passwordHash, seed = 11 }) {
  const rng = random(seed);
  const years = applicationYears({ ...defaultSettings(), timeline: deadlineHourTimeline() });
  const created = datetime(new Date(Date.now() - 20 * DAY));
  const users = [];
  const applications = [];
  const accounts = [];
  for (let i = 0; i < count; i += 1) {
    const userId = firstUserId + i;
    const applicationId = firstApplicationId + i;
    const firstName = rng.pick(FIRST_NAMES);
    const lastName = rng.pick(LAST_NAMES);
    const email = `spike.applicant.${i}@bench.example.edu`;
    const svid = `SP${i.toString(36).toUpperCase().padStart(6, '0')}`;
    users.push({
      id: userId,
      email,
      password_hash: passwordHash,
      first_name: firstName,
      last_name: lastName,
      svid,
      username: `spike-applicant-${i}`,
      role: 'Student-Volunteer',
      is_admin: 0,
      verified: 1,
      token_version: 0,
      birthdate: `200${rng.int(0, 5)}-0${rng.int(1, 9)}-1${rng.int(0, 9)}`,
      gender: JSON.stringify([rng.pick(['he/him', 'she/her', 'they/them', 'unspecified'])]),
      disability: 'no',
      address1: `${rng.int(1, 999)} Granville Street`,
      city: 'Vancouver',
      region: 'BC',
      country: 'CA',
      postal_code: 'V6C 1T2',
      languages: JSON.stringify(['English']),
      phone_number: `+1 604 555 ${String(1000 + i).slice(-4)}`,
      can_text: 1,
      can_call: 0,
      created_at: created,
      updated_at: created,
    });
    const profile = {
      firstName,
      lastName,
      birthdate: users[i].birthdate,
      gender: JSON.parse(users[i].gender),
      disability: 'no',
      phoneNumber: users[i].phone_number,
      address: { address1: users[i].address1, city: 'Vancouver', region: 'BC', country: 'CA', postalCode: 'V6C 1T2' },
    };
    if (!isProfileComplete(profile)) throw new Error(`Generated profile of applicant ${i} is not complete`);

    const answers = applicationAnswers(rng, i);
    const data = answers.data;
    // A first-timer cannot apply as a team leader; the server refuses that combination.
    const teamLeader = answers.teamLeader && !data.haveNotAttended;
    const financialAid = answers.financialAid;
    const problems = validateApplicationData(data, years);
    if (problems.length)
      throw new Error(`Generated application of applicant ${i} is not valid: ${problems.map((p) => p.message).join('; ')}`);
    applications.push({
      edition_id: FIRST_EDITION,
      id: applicationId,
      user_id: userId,
      data: JSON.stringify(data),
      step: 5,
      completed: 0,
      team_leader: teamLeader ? 1 : 0,
      financial_aid: financialAid ? 1 : 0,
      status: 'pending',
      closed: 0,
      version: 1,
      created_at: created,
      updated_at: created,
    });
    accounts.push({ userId, applicationId, email, svid, data, teamLeader, financialAid, rng: random(seed * 7919 + i) });
  }
  return { users, applications, accounts };
}

/**
 * The next draft of an applicant's answers: one of the three essays rewritten (a different one each
 * time), still exactly at the word limit, and the step the wizard is on.
 */
export function nextDraft(account, sequence) {
  const field = ESSAYS[sequence % ESSAYS.length];
  const data = { ...account.data, [field]: essay(account.rng, ESSAY_WORD_LIMIT), step: 4 + (sequence % 3) };
  return data;
}

/** What the server stores of a saved data object: the empty application, the answers, without step and proof. */
export function storedForm(sent) {
  const { step: _step, proofOfEnrollment: _proof, ...answers } = { ...emptyApplicationData(), ...sent };
  return answers;
}

/**
 * Whether the stored data document holds exactly the answers `sent`, field by field (strings
 * compared as their UTF-8 bytes), with no other field. Answers the first difference, or null.
 */
export function differenceFrom(sent, storedJson) {
  let stored;
  try {
    stored = JSON.parse(storedJson);
  } catch {
    return 'the stored data is not JSON (half-written?)';
  }
  const expected = storedForm(sent);
  const keys = new Set([...Object.keys(expected), ...Object.keys(stored)]);
  for (const key of keys) {
    const a = expected[key];
    const b = stored[key];
    if (typeof a === 'string' && typeof b === 'string') {
      if (!Buffer.from(a, 'utf8').equals(Buffer.from(b, 'utf8'))) return `${key} differs`;
    } else if (JSON.stringify(a) !== JSON.stringify(b)) {
      return `${key}: expected ${JSON.stringify(a)?.slice(0, 60)}, stored ${JSON.stringify(b)?.slice(0, 60)}`;
    }
  }
  return null;
}

/** Inserts the rows into a migrated MySQL/MariaDB database; answers the accounts with their ids. */
export async function seedApplicantsMysql(url, { count, passwordHash }) {
  const { default: mysql } = await import('mysql2/promise');
  const connection = await mysql.createConnection({ uri: url, charset: 'utf8mb4_unicode_ci', timezone: 'Z' });
  try {
    const next = async (table) => Number((await connection.query(`SELECT COALESCE(MAX(id), 0) + 1 AS next FROM \`${table}\``))[0][0].next);
    const rows = generateApplicants({
      count,
      passwordHash,
      firstUserId: await next('users'),
      firstApplicationId: await next('applications'),
    });
    await connection.beginTransaction();
    for (const table of ['users', 'applications']) {
      const list = rows[table];
      const columns = Object.keys(list[0]);
      for (let i = 0; i < list.length; i += 100) {
        const batch = list.slice(i, i + 100).map((row) => columns.map((c) => row[c]));
        await connection.query(`INSERT INTO \`${table}\` (${columns.map((c) => `\`${c}\``).join(', ')}) VALUES ?`, [batch]);
      }
    }
    await connection.commit();
    await connection.query('ANALYZE TABLE `users`, `applications`');
    return rows.accounts;
  } finally {
    await connection.end();
  }
}

/** Inserts the rows into the SQLite file of a migrated, stopped server; answers the accounts. */
export async function seedApplicantsSqlite(file, { count, passwordHash }) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    const next = (table) => Number(db.prepare(`SELECT COALESCE(MAX(id), 0) + 1 AS next FROM ${table}`).get().next);
    const rows = generateApplicants({ count, passwordHash, firstUserId: next('users'), firstApplicationId: next('applications') });
    db.transaction(() => {
      for (const table of ['users', 'applications']) {
        const columns = Object.keys(rows[table][0]);
        const insert = db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`);
        for (const row of rows[table]) insert.run(row);
      }
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
    return rows.accounts;
  } finally {
    db.close();
  }
}

/** The stored data document, step and version of each application, by application id. */
export async function storedApplicationsMysql(url) {
  const { default: mysql } = await import('mysql2/promise');
  const connection = await mysql.createConnection({ uri: url, charset: 'utf8mb4_unicode_ci', timezone: 'Z' });
  try {
    const [rows] = await connection.query('SELECT id, data, step, version FROM applications');
    return new Map(rows.map((row) => [Number(row.id), { data: row.data, step: Number(row.step), version: Number(row.version) }]));
  } finally {
    await connection.end();
  }
}

export async function storedApplicationsSqlite(file) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(file, { readonly: true });
  try {
    const rows = db.prepare('SELECT id, data, step, version FROM applications').all();
    return new Map(rows.map((row) => [Number(row.id), { data: row.data, step: Number(row.step), version: Number(row.version) }]));
  } finally {
    db.close();
  }
}
