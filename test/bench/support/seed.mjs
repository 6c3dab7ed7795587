// Seeds a migrated database directly with SQL: applicants with completed applications whose essays
// are at the word limit, team leaders as jurors, and jury assignments and scores. Going around the
// API keeps 5,000 applications to a few seconds. The columns follow backend/src/database/migrations;
// the answers follow the rules in domain/ (each generated application is checked to be complete
// but for the uploaded proof, and within every word limit).
import {
  ESSAY_WORD_LIMIT,
  FINANCIAL_SITUATIONS,
  REFERENCE_TYPES,
  SHORT_TEXT_WORD_LIMIT,
  applicationProblems,
  countWords,
  emptyApplicationData,
} from '@svp/domain';
import { random } from './random.mjs';

/** A freshly migrated database holds one edition, the first (id 1): every seeded record is its. */
const FIRST_EDITION = 1;

const VOCABULARY = (
  'I we the a an of to in and for with on at by from about as into through during before after volunteer volunteers ' +
  'conference student students team teams session sessions room rooms speaker speakers audience badge registration ' +
  'graphics rendering animation research paper papers course courses talk talks poster posters demo demos studio ' +
  'art gallery exhibition experience learned learn helping helped organise organised schedule shift shifts people ' +
  'community diversity inclusion perspective background culture language languages country city university school ' +
  'professor mentor friend colleague project projects thesis lab laboratory shader shaders pipeline realtime virtual ' +
  'reality production film games interactive techniques emerging technologies keynote panel workshop hands-on ' +
  'question questions answer answers problem problems solution solutions calm patient careful curious motivated ' +
  'because although however therefore meanwhile together always often sometimes never first second third finally ' +
  'leadership responsibility communication listening conflict plan plans planning deadline deadlines logistics ' +
  'attendees visitors guests newcomers accessibility wheelchair signage directions map maps line lines queue'
).split(' ');
const SPICE = ['"quoted"', 'commas,', 'Ünïcödé', '中文', '😊', "it's", 'café', 'naïve', '—', '(and', 'more)', '100%', 'x=y'];
/** Names from many languages (accents, apostrophes), shared by every seed of the benchmarks. */
export const FIRST_NAMES = [
  'Ada',
  'Alan',
  'Grace',
  'Ivan',
  'Evelyn',
  'Mei',
  'Kenji',
  'Amara',
  'Lucía',
  'Søren',
  'Zoë',
  'Ravi',
  'Chloé',
  'Ngozi',
  'Mateo',
  'Yuki',
  'Fatima',
  'Olu',
  'Björn',
  'Priya',
];
export const LAST_NAMES = [
  'Lovelace',
  'Turing',
  'Hopper',
  'Sutherland',
  'Berezin',
  'Zhang',
  'Tanaka',
  'Okafor',
  'García',
  'Kierkegaard',
  "O'Brien",
  'Patel',
  'Dubois',
  'Adeyemi',
  'Rossi',
  'Sato',
  'Haddad',
  'Bello',
  'Lund',
  'Iyer',
];
const SCHOOLS = [
  ['Emily Carr University', 'Vancouver', 'BC', 'CA'],
  ['Carnegie Mellon University', 'Pittsburgh', 'PA', 'US'],
  ['Universidad de Buenos Aires', 'Buenos Aires', 'CABA', 'AR'],
  ['The University of Tokyo', 'Tokyo', 'Tokyo', 'JP'],
  ['ETH Zürich', 'Zürich', 'ZH', 'CH'],
  ['University of Lagos', 'Lagos', 'Lagos', 'NG'],
];
const REFERENCE_TYPE_VALUES = REFERENCE_TYPES.map((option) => option.value);
const FINANCIAL_SITUATION_VALUES = FINANCIAL_SITUATIONS.map((option) => option.value);

/** Exactly `count` words (runs of non-whitespace, as the domain counts them), in sentences and paragraphs, with quotes, commas and
 * non-ASCII. */
export function essay(rng, count) {
  const words = [];
  let sentence = 0;
  while (words.length < count) {
    let word = rng.chance(0.03) ? rng.pick(SPICE) : rng.pick(VOCABULARY);
    if (sentence === 0) word = word[0].toUpperCase() + word.slice(1);
    sentence += 1;
    const last = words.length === count - 1;
    if (last || (sentence > 6 && rng.chance(0.12))) {
      word += '.';
      sentence = 0;
      if (!last && rng.chance(0.15)) word += '\n\n';
    } else if (rng.chance(0.06)) {
      word += ',';
    }
    words.push(word);
  }
  return words.join(' ').replace(/\n\n /g, '\n\n');
}

function datetime(date) {
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

/**
 * The rows to insert: `jurors` team leaders, then `count` applicants each with a completed
 * application. Every application is assigned to three jurors; most get three scores, some fewer,
 * about one in twenty none, so the averages spread and a few are empty.
 */
export function generate({ count, jurors = 40, firstUserId, firstApplicationId, seed = 2025 }) {
  const rng = random(seed);
  const now = Date.UTC(2025, 4, 1, 12, 0, 0);
  const users = [];
  const applications = [];
  const assignments = [];
  const scores = [];
  const user = (id, fields) => ({
    id,
    password_hash: '$argon2id$v=19$m=65536,t=3,p=4$YmVuY2hiZW5jaA$bm90LWEtcmVhbC1oYXNoLWJlbmNobWFyaw',
    is_admin: 0,
    verified: 1,
    token_version: 0,
    country: 'CA',
    birthdate: '2002-04-01',
    created_at: datetime(new Date(now - 90 * 86_400_000)),
    updated_at: datetime(new Date(now - 90 * 86_400_000)),
    ...fields,
  });

  const jurorIds = [];
  for (let j = 0; j < jurors; j += 1) {
    const id = firstUserId + j;
    jurorIds.push(id);
    users.push(
      user(id, {
        email: `juror${j}@bench.example.org`,
        first_name: 'Juror',
        last_name: `Number ${j}`,
        svid: `BJ${String(j).padStart(6, '0')}`,
        username: `bench-juror-${j}`,
        role: 'Team-Leader',
      }),
    );
  }

  for (let i = 0; i < count; i += 1) {
    const userId = firstUserId + jurors + i;
    const applicationId = firstApplicationId + i;
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    users.push(
      user(userId, {
        email: `${first}.${last}.${i}@bench.example.edu`.toLowerCase().replace(/[^a-z0-9.@]/g, ''),
        // One in fifty names starts like a spreadsheet formula, to exercise the defusing.
        first_name: i % 50 === 0 ? `=${first}` : first,
        last_name: last,
        svid: `BS${i.toString(36).toUpperCase().padStart(8, '0')}`,
        username: `bench-applicant-${i}`,
        role: 'Student-Volunteer',
      }),
    );

    const { data, teamLeader, financialAid } = applicationAnswers(rng, i);
    if (i < 3) assertComplete(data, { teamLeader, financialAid });

    const submitted = new Date(now - rng.int(1, 60) * 86_400_000);
    applications.push({
      edition_id: FIRST_EDITION,
      id: applicationId,
      user_id: userId,
      data: JSON.stringify(data),
      step: 7,
      completed: 1,
      team_leader: teamLeader ? 1 : 0,
      financial_aid: financialAid ? 1 : 0,
      status: 'pending',
      closed: 0,
      submitted_at: datetime(submitted),
      version: 1,
      created_at: datetime(new Date(submitted.getTime() - 5 * 86_400_000)),
      updated_at: datetime(submitted),
    });

    // Three distinct jurors; each scores the essays 1–5 around the applicant's own level.
    const level = rng.int(1, 5);
    const scored = rng.chance(0.05) ? 0 : rng.chance(0.15) ? rng.int(1, 2) : 3;
    const start = rng.int(0, jurors - 1);
    for (let k = 0; k < 3; k += 1) {
      const jurorId = jurorIds[(start + k * 7) % jurors];
      const at = datetime(new Date(submitted.getTime() + (k + 1) * 86_400_000));
      assignments.push({ edition_id: FIRST_EDITION, team_leader_id: jurorId, application_id: applicationId, created_at: at });
      if (k >= scored) continue;
      const score = () => Math.min(5, Math.max(1, level + rng.int(-1, 1)));
      scores.push({
        edition_id: FIRST_EDITION,
        team_leader_id: jurorId,
        application_id: applicationId,
        essay1: score(),
        essay2: score(),
        essay3: score(),
        overall: level >= 3 ? 1 : 0,
        red_flag: rng.chance(0.02) ? 1 : 0,
        created_at: at,
        updated_at: at,
      });
    }
  }
  return { users, applications, assignments, scores };
}

/**
 * A completed application's answers for applicant number `i`: school, graduation, experience, two
 * references, three essays at the word limit, team-leader essays and financial aid for some.
 */
export function applicationAnswers(rng, i) {
  const teamLeader = rng.chance(0.2);
  const financialAid = rng.chance(0.3);
  const [schoolName, schoolCity, schoolState, schoolCountry] = rng.pick(SCHOOLS);
  const transport = rng.pick(['plane', 'car', 'train', 'other']);
  const volunteered = rng.chance(0.4);
  const data = {
    ...emptyApplicationData(),
    schoolName,
    schoolCity,
    schoolState,
    schoolCountry,
    expectedGraduationMonth: rng.int(1, 12),
    // A year ahead at least, whatever year the benchmark runs in (the allowed range follows the edition).
    expectedGraduationYear: rng.int(new Date().getUTCFullYear() + 1, new Date().getUTCFullYear() + 4),
    haveNotAttended: !volunteered,
    haveAttended: volunteered,
    haveVolunteered: volunteered,
    yearsVolunteered: volunteered ? [2023, 2024].slice(rng.int(0, 1)) : [],
    firstReferenceType: rng.pick(REFERENCE_TYPE_VALUES),
    firstReferenceFirstName: rng.pick(FIRST_NAMES),
    firstReferenceLastName: rng.pick(LAST_NAMES),
    firstReferenceEmail: `reference.one.${i}@bench.example.edu`,
    secondReferenceType: rng.pick(REFERENCE_TYPE_VALUES),
    secondReferenceFirstName: rng.pick(FIRST_NAMES),
    secondReferenceLastName: rng.pick(LAST_NAMES),
    secondReferenceEmail: `reference.two.${i}@bench.example.com`,
    essay1: essay(rng, ESSAY_WORD_LIMIT),
    essay2: essay(rng, ESSAY_WORD_LIMIT),
    essay3: essay(rng, ESSAY_WORD_LIMIT),
    teamLeaderEssay1: teamLeader ? essay(rng, ESSAY_WORD_LIMIT) : '',
    teamLeaderEssay2: teamLeader ? essay(rng, ESSAY_WORD_LIMIT) : '',
    otherComments: rng.chance(0.3) ? essay(rng, SHORT_TEXT_WORD_LIMIT) : '',
    financialAidSummary: financialAid ? essay(rng, SHORT_TEXT_WORD_LIMIT) : '',
    financialAidExpenses: financialAid ? 'Flight 900, hotel shared 400, meals 150' : '',
    financialSituation: financialAid ? [rng.pick(FINANCIAL_SITUATION_VALUES)] : [],
    estimatedTravelCost: financialAid ? rng.int(200, 2500) : null,
    primaryTransport: financialAid ? transport : '',
    airportCode: financialAid && transport === 'plane' ? 'YVR' : '',
    otherTransport: financialAid && transport === 'other' ? 'Ferry and bus' : '',
    fundedTravel: false,
    acceptedTerms: true,
    acceptedMediaRelease: true,
    acceptedPrivacy: true,
  };
  delete data.proofOfEnrollment; // the proof lives in proof_files, never in the data document
  return { data, teamLeader, financialAid };
}

/** The generated answers must be what a real submitted application holds. */
function assertComplete(data, flags) {
  const { missing, overLimit } = applicationProblems({ ...data, proofOfEnrollment: { name: 'proof.pdf' } }, flags);
  if (missing.length || overLimit.length)
    throw new Error(`Generated application is not complete: missing ${missing}, over limit ${overLimit}`);
  if (countWords(data.essay1) !== ESSAY_WORD_LIMIT)
    throw new Error(`Generated essay has ${countWords(data.essay1)} words, not ${ESSAY_WORD_LIMIT}`);
}

const TABLES = ['users', 'applications', 'jury_assignments', 'jury_scores'];

function tableRows(rows) {
  return [rows.users, rows.applications, rows.assignments, rows.scores];
}

/** Seeds the SQLite file of a migrated, stopped server. */
export async function seedSqlite(file, options) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    const next = (table) => Number(db.prepare(`SELECT COALESCE(MAX(id), 0) + 1 AS next FROM ${table}`).get().next);
    const rows = generate({ ...options, firstUserId: next('users'), firstApplicationId: next('applications') });
    db.transaction(() => {
      TABLES.forEach((table, t) => {
        const list = tableRows(rows)[t];
        const columns = Object.keys(list[0]);
        const insert = db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`);
        for (const row of list) insert.run(row);
      });
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.exec('ANALYZE');
    return summary(rows);
  } finally {
    db.close();
  }
}

/** Seeds a migrated MySQL/MariaDB database, a few hundred rows per INSERT. */
export async function seedMysql(url, options) {
  const { default: mysql } = await import('mysql2/promise');
  const connection = await mysql.createConnection({ uri: url, charset: 'utf8mb4_unicode_ci', timezone: 'Z' });
  try {
    const next = async (table) => Number((await connection.query(`SELECT COALESCE(MAX(id), 0) + 1 AS next FROM \`${table}\``))[0][0].next);
    const rows = generate({ ...options, firstUserId: await next('users'), firstApplicationId: await next('applications') });
    await connection.beginTransaction();
    for (const [t, table] of TABLES.entries()) {
      const list = tableRows(rows)[t];
      const columns = Object.keys(list[0]);
      for (let i = 0; i < list.length; i += 250) {
        const batch = list.slice(i, i + 250).map((row) => columns.map((c) => row[c]));
        await connection.query(`INSERT INTO \`${table}\` (${columns.map((c) => `\`${c}\``).join(', ')}) VALUES ?`, [batch]);
      }
    }
    await connection.commit();
    await connection.query(`ANALYZE TABLE ${TABLES.map((t) => `\`${t}\``).join(', ')}`);
    return summary(rows);
  } finally {
    await connection.end();
  }
}

function summary(rows) {
  const dataBytes = rows.applications.reduce((sum, a) => sum + Buffer.byteLength(a.data), 0);
  return {
    applications: rows.applications.length,
    jurors: rows.users.length - rows.applications.length,
    scores: rows.scores.length,
    dataMb: dataBytes / 1048576,
  };
}
