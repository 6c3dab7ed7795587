// The deployment shape, run by `npm run test:cluster` and by CI: HAProxy in front of two
// production servers on one fresh MariaDB database, proofs in an S3-compatible store, sign-in
// counters in Redis. Through the balancer: the servers start together on the empty database; the
// sign-in limit holds across both servers and per client, not per balancer; a role change and a
// password change reach both servers within a second; a double-submitted swap request is made once
// and twenty volunteers racing for it get one winner; of two jury assignments started at once one
// runs; a proof uploaded through one server is read through the other; the team-leader deadline job
// runs once though both servers wake for it; and when one server is killed in the middle of a save
// spike, the other keeps answering and no acknowledged save is lost.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Agent } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APPLICANT_PASSWORD, applicantPasswordHash, seedApplicantsMysql, storedApplicationsMysql } from '../bench/support/applicants.mjs';
import { seedMysql } from '../bench/support/seed.mjs';
import { checkStoredSaves, runSaveLoops } from '../bench/support/save-client.mjs';
import { freePort, spawnServer } from '../support/server.mjs';
import { tally } from '../outage/support/portal.mjs';
import {
  ADMIN,
  call,
  closeAgents,
  freshDatabase,
  haproxyPath,
  serverEnv,
  sleep,
  startBalancer,
  startMailSink,
  startS3,
  waitForBalancer,
} from './support/cluster.mjs';
import { clusterTimeline, seedCluster } from './support/seed.mjs';

const NAMES = ['s1', 's2'];
const AUTH_RATE_LIMIT = 10;
/** How long the team-leader deadline lies after the servers' start: both have read the timeline by then. */
const DEADLINE_AFTER_START_MS = 40_000;
const SAVERS = 24;

const haproxy = haproxyPath();

describe(
  'two servers behind HAProxy on one MariaDB database and one S3 store',
  { timeout: 600_000, skip: haproxy ? false : 'haproxy is not installed: apt-get install -y haproxy' },
  () => {
    let db;
    let s3;
    let mail;
    let balancer;
    let base;
    /** name → server process */
    const servers = new Map();
    let seeded;
    let savers;
    let deadline;
    const firstStart = {};
    const redisPrefix = `svp-cluster-${process.pid}-${Date.now()}:`;

    /** Starts both servers at once on `ports`, with or without the deadline jobs. */
    async function startBoth(env, ports) {
      const started = await Promise.all(
        NAMES.map(async (name) => ({
          name,
          server: await spawnServer({ dataDir: mkdtempSync(join(tmpdir(), `svp-cluster-${name}-`)), port: ports[name], env }),
        })),
      );
      const ready = await Promise.allSettled(started.map(({ server }) => server.ready(120_000)));
      const failed = ready.flatMap((r, i) => (r.status === 'rejected' ? [`${started[i].name}: ${r.reason?.message ?? r.reason}`] : []));
      for (const { name, server } of started) servers.set(name, server);
      if (failed.length) throw new Error(`A server did not start:\n${failed.join('\n')}`);
    }

    before(async () => {
      db = await freshDatabase();
      s3 = await startS3();
      mail = await startMailSink();
      const ports = { s1: await freePort(), s2: await freePort() };
      const lbPort = await freePort();
      const env = (jobs) => serverEnv({ databaseUrl: db.url, s3, mail, publicUrl: `http://127.0.0.1:${lbPort}`, jobs, redisPrefix });

      // Both servers start at once on the empty database: one migrates, one bootstrap administrator.
      await startBoth(env(false), ports);
      const connection = await db.connect();
      try {
        const [migrations] = await connection.query('SELECT name, COUNT(*) AS times FROM migrations GROUP BY name');
        firstStart.migrations = migrations.map((m) => Number(m.times));
        const [[admins]] = await connection.query('SELECT COUNT(*) AS n FROM users WHERE email = ?', [ADMIN.email]);
        firstStart.administrators = Number(admins.n);
        for (const server of servers.values()) await server.stop();

        // The season: people, a schedule, a jury's pool, applicants saving, and a team-leader deadline
        // both servers will be asleep waiting for when they start again.
        seeded = await seedCluster(connection, { adminEmail: ADMIN.email });
        await seedMysql(db.url, { count: 1500, jurors: 40 });
        savers = await seedApplicantsMysql(db.url, { count: SAVERS, passwordHash: await applicantPasswordHash() });
        deadline = Date.now() + 15_000 + DEADLINE_AFTER_START_MS;
        const [[edition]] = await connection.query('SELECT id, settings FROM editions ORDER BY id DESC LIMIT 1');
        const settings = typeof edition.settings === 'string' ? JSON.parse(edition.settings) : edition.settings;
        settings.timeline = clusterTimeline(deadline);
        settings.swapsEnabled = true;
        await connection.query('UPDATE editions SET settings = ? WHERE id = ?', [JSON.stringify(settings), edition.id]);
      } finally {
        await connection.end();
      }

      await startBoth(env(true), ports);
      balancer = await startBalancer(haproxy, { port: lbPort, servers: NAMES.map((name) => ({ name, port: ports[name] })) });
      base = balancer.baseUrl;
      await waitForBalancer(base, NAMES);
    });

    after(async () => {
      closeAgents();
      for (const server of servers.values()) await server.stop().catch(() => undefined);
      await balancer?.stop();
      await mail?.close();
      await s3?.close();
      await db?.destroy();
    });

    /** Signs `email` in from the client address `from`; answers the access token. */
    async function signIn(email, from, password = ADMIN.password) {
      const answer = await call(base, 'POST', '/users/login', { body: { email, password }, from });
      assert.equal(answer.status, 200, `sign-in of ${email}: ${answer.status} ${answer.text}`);
      return answer.body.data.session.access_token;
    }

    /** Polls `probe` (an answer) until `accept` holds; answers the milliseconds it took. */
    async function timeUntil(probe, accept, limitMs = 5_000) {
      const started = Date.now();
      for (;;) {
        const answer = await probe();
        if (accept(answer)) return Date.now() - started;
        if (Date.now() - started > limitMs) assert.fail(`still ${answer.status} ${answer.text} after ${limitMs} ms`);
        await sleep(50);
      }
    }

    test('both servers started together on the empty database: each migration ran once, one administrator was made', () => {
      assert.ok(firstStart.migrations.length > 10, 'no migrations recorded');
      assert.deepEqual([...new Set(firstStart.migrations)], [1]);
      assert.equal(firstStart.administrators, 1);
    });

    test('the balancer shares the requests between both servers', async () => {
      const answers = await Promise.all(Array.from({ length: 6 }, () => call(base, 'GET', '/health')));
      assert.deepEqual(
        answers.map((a) => a.status),
        [200, 200, 200, 200, 200, 200],
      );
      assert.deepEqual([...new Set(answers.map((a) => a.servedBy))].sort(), NAMES);
    });

    test('the sign-in limit holds across both servers and per client: a forged X-Forwarded-For does not escape it', async () => {
      const attempt = (from, i, headers = {}) =>
        call(base, 'POST', '/users/login', {
          body: { email: `nobody${i}@cluster.example.org`, password: 'wrong password' },
          from,
          headers,
        });
      const first = [];
      for (let i = 0; i < AUTH_RATE_LIMIT; i += 1) first.push(await attempt('127.0.0.11', i));
      assert.deepEqual([...new Set(first.map((a) => a.status))], [401], JSON.stringify(first.map((a) => a.status)));
      assert.deepEqual([...new Set(first.map((a) => a.servedBy))].sort(), NAMES, 'the attempts did not reach both servers');
      const over = await attempt('127.0.0.11', 99);
      assert.equal(over.status, 429, over.text);
      assert.ok(Number(over.headers['retry-after']) > 0);
      const forged = await attempt('127.0.0.11', 100, { 'X-Forwarded-For': '203.0.113.77' });
      assert.equal(forged.status, 429, `a forged X-Forwarded-For escaped the limit: ${forged.text}`);
      // Another client behind the same balancer is not locked out.
      const neighbour = await attempt('127.0.0.12', 0);
      assert.equal(neighbour.status, 401, neighbour.text);
      assert.equal((await call(base, 'POST', '/users/login', { body: ADMIN, from: '127.0.0.13' })).status, 200);
    });

    test('a role granted and a password changed take effect on both servers within a second', async () => {
      const adminToken = await signIn(ADMIN.email, '127.0.0.20');
      const roryToken = await signIn(seeded.rory.email, '127.0.0.21');
      const adminList = (server, token) => call(base, 'GET', '/admin/users?range=[0,0]', { token, server, from: '127.0.0.21' });
      for (const server of NAMES) assert.equal((await adminList(server, roryToken)).status, 403);

      const granted = await call(base, 'PUT', `/admin/users/${seeded.rory.id}`, {
        token: adminToken,
        body: { isAdmin: true },
        server: 's1',
        from: '127.0.0.20',
      });
      assert.equal(granted.status, 200, granted.text);
      const grantMs = await Promise.all(
        NAMES.map((server) =>
          timeUntil(
            () => adminList(server, roryToken),
            (a) => a.status === 200,
          ),
        ),
      );
      console.log(`  the role reached s1 after ${grantMs[0]} ms and s2 after ${grantMs[1]} ms`);
      for (const ms of grantMs) assert.ok(ms <= 1_500, `the role took ${ms} ms`);

      assert.equal(
        (await call(base, 'POST', '/users/forgot-password', { body: { email: seeded.rory.email }, server: 's2', from: '127.0.0.21' }))
          .status,
        200,
      );
      const reset = await mail.waitFor(seeded.rory.email, (m) => /code on the reset form: (\w+)/.test(m.text));
      const code = /code on the reset form: (\w+)/.exec(reset.text)[1];
      const changed = await call(base, 'POST', '/users/change-password', {
        body: { email: seeded.rory.email, code, password: 'a brand new passphrase' },
        server: 's2',
        from: '127.0.0.21',
      });
      assert.equal(changed.status, 200, changed.text);
      const endMs = await Promise.all(
        NAMES.map((server) =>
          timeUntil(
            () => call(base, 'GET', '/users/profile', { token: roryToken, server, from: '127.0.0.21' }),
            (a) => a.status === 401,
          ),
        ),
      );
      console.log(`  the old session ended on s1 after ${endMs[0]} ms and on s2 after ${endMs[1]} ms`);
      for (const ms of endMs) assert.ok(ms <= 1_500, `the old session lived ${ms} ms`);
      await signIn(seeded.rory.email, '127.0.0.22', 'a brand new passphrase');
    });

    /**
     * Runs `work` while the schedules are out: the timeline's release date moved into the past, in the
     * database, for as long as it takes (the servers read it again within a second), then put back.
     */
    async function whileSchedulesOut(work) {
      const connection = await db.connect();
      const [[edition]] = await connection.query('SELECT id, settings FROM editions ORDER BY id DESC LIMIT 1');
      const settings = typeof edition.settings === 'string' ? JSON.parse(edition.settings) : edition.settings;
      const released = settings.timeline.schedulesReleaseDate;
      const write = (date) =>
        connection.query('UPDATE editions SET settings = ? WHERE id = ?', [
          JSON.stringify({ ...settings, timeline: { ...settings.timeline, schedulesReleaseDate: date } }),
          edition.id,
        ]);
      try {
        await write(new Date(Date.now() - 60_000).toISOString());
        await sleep(1_500);
        return await work();
      } finally {
        await write(released);
        await connection.end();
        await sleep(1_500);
      }
    }

    test('a swap request submitted twice at once is made once, and of twenty volunteers racing for it one wins', () =>
      whileSchedulesOut(async () => {
        const creatorToken = await signIn(seeded.creator.email, '127.0.1.1');
        const acceptorTokens = [];
        for (const [i, acceptor] of seeded.acceptors.entries()) acceptorTokens.push(await signIn(acceptor.email, `127.0.1.${10 + i}`));

        const created = await Promise.all(
          NAMES.map((server) =>
            call(base, 'POST', '/schedule/swap/create', {
              token: creatorToken,
              body: { shift_id: seeded.offered },
              server,
              from: '127.0.1.1',
            }),
          ),
        );
        assert.deepEqual(created.map((a) => a.status).sort(), [201, 409], created.map((a) => a.text).join('\n'));
        const request = created.find((a) => a.status === 201).body.data;

        const answers = await Promise.all(
          seeded.acceptors.map((_, i) =>
            call(base, 'POST', '/schedule/swap/accept', {
              token: acceptorTokens[i],
              body: { shift_swap_request_id: request.id, swapped_shift_id: seeded.given[i] },
              from: `127.0.1.${10 + i}`,
            }),
          ),
        );
        assert.deepEqual([...new Set(answers.map((a) => a.servedBy))].sort(), NAMES, 'the acceptances did not reach both servers');
        const statuses = answers.map((a) => a.status);
        assert.equal(
          statuses.filter((s) => s === 200).length,
          1,
          JSON.stringify(tally(answers.map((a) => ({ ...a, ok: a.status === 200 })))),
        );
        assert.equal(statuses.filter((s) => s === 409).length, seeded.acceptors.length - 1);
        const winner = statuses.indexOf(200);

        const connection = await db.connect();
        try {
          const [requests] = await connection.query('SELECT COUNT(*) AS n FROM shift_swap_requests WHERE shift_id = ?', [seeded.offered]);
          assert.equal(Number(requests[0].n), 1);
          const [holders] = await connection.query(
            'SELECT shift_id, volunteer_id FROM shift_assignments WHERE shift_id IN (?, ?) ORDER BY shift_id',
            [seeded.offered, seeded.given[winner]],
          );
          assert.deepEqual(
            holders.map((h) => [Number(h.shift_id), Number(h.volunteer_id)]),
            [
              [seeded.offered, seeded.acceptors[winner].id],
              [seeded.given[winner], seeded.creator.id],
            ],
          );
        } finally {
          await connection.end();
        }
      }));

    test('of two jury assignments started at once, through different servers, one runs and the other is told so', async () => {
      const adminToken = await signIn(ADMIN.email, '127.0.0.30');
      const runs = await Promise.all(
        NAMES.map((server) =>
          call(base, 'POST', '/jury/assign-jury', {
            token: adminToken,
            body: { TLsPerApp: 3, seed: 7 },
            server,
            from: '127.0.0.30',
            timeoutMs: 120_000,
          }),
        ),
      );
      assert.deepEqual(runs.map((a) => a.status).sort(), [200, 409], runs.map((a) => `${a.status} ${a.text.slice(0, 200)}`).join('\n'));
      assert.equal(runs.find((a) => a.status === 409).body.data.err, 'ASSIGNMENT_RUNNING');
      const connection = await db.connect();
      try {
        const [wrong] = await connection.query(
          'SELECT application_id, COUNT(*) AS n, COUNT(DISTINCT team_leader_id) AS leaders FROM jury_assignments ' +
            'GROUP BY application_id HAVING n <> 3 OR leaders <> 3',
        );
        assert.deepEqual(wrong, []);
      } finally {
        await connection.end();
      }
    });

    test('a proof uploaded through one server is read through the other', async () => {
      const token = await signIn(seeded.uma.email, '127.0.0.40');
      const proof = Buffer.concat([Buffer.from('%PDF-1.4\n% cluster proof\n'), Buffer.alloc(20_000, 0x41), Buffer.from('\n%%EOF\n')]);
      const ticket = await call(base, 'POST', '/files/upload', {
        token,
        body: { user_id: seeded.uma.id, file_type: 'application/pdf', file_size: proof.length, file_name: 'enrollment.pdf' },
        server: 's1',
        from: '127.0.0.40',
      });
      assert.equal(ticket.status, 200, ticket.text);
      const put = await fetch(ticket.body.data.url, { method: 'PUT', body: proof, headers: { 'Content-Type': 'application/pdf' } });
      assert.ok(put.ok, `the store refused the upload: ${put.status} ${await put.text()}`);
      // The server that reads the proof next checks the staged file and keeps it: here s2.
      const answer = await call(base, 'GET', `/files/${seeded.uma.svid}`, { token, server: 's2', from: '127.0.0.40' });
      assert.equal(answer.status, 200, answer.text);
      assert.equal(answer.servedBy, 's2');
      assert.equal(answer.body.data.size, proof.length);
      assert.equal(Buffer.from(String(answer.body.data.url).split(',')[1], 'base64').equals(proof), true);
      const again = await call(base, 'GET', `/files/${seeded.uma.svid}`, { token, server: 's1', from: '127.0.0.40' });
      assert.deepEqual([again.status, again.servedBy, again.body?.data?.size], [200, 's1', proof.length]);
    });

    test('the team-leader deadline job runs once though both servers wake for it', async () => {
      const wait = deadline - Date.now() + 6_000;
      if (wait > 0) await sleep(wait);
      const connection = await db.connect();
      try {
        const [runs] = await connection.query("SELECT job, outcome, attempts FROM job_runs WHERE job = 'team-leader-deadline'");
        assert.deepEqual(
          runs.map((r) => [r.job, r.outcome, Number(r.attempts)]),
          [['team-leader-deadline', 'succeeded', 1]],
        );
      } finally {
        await connection.end();
      }
      for (const leader of seeded.teamLeaders) {
        const notices = mail.to(leader.email).filter((m) => /Team Leader applications have closed/.test(m.subject));
        assert.equal(notices.length, 1, `${leader.email} got ${notices.length} notices`);
      }
    });

    test('one server killed in the middle of a save spike: the other keeps answering and no acknowledged save is lost', async () => {
      const applicants = [];
      for (const [i, account] of savers.entries()) {
        const token = await signIn(account.email, `127.0.2.${10 + i}`, APPLICANT_PASSWORD);
        const opened = await call(base, 'GET', `/application/${account.svid}`, { token, from: `127.0.2.${10 + i}` });
        assert.equal(opened.status, 200, opened.text);
        applicants.push({
          account,
          token,
          updatedAt: opened.body.data.updated_at,
          sequence: 0,
          acked: { sequence: -1, data: account.data },
          unanswered: [],
        });
      }
      const outcomes = [];
      let saving = true;
      const agent = new Agent({ keepAlive: true, maxSockets: Infinity, localAddress: '127.0.2.200' });
      const loops = runSaveLoops(base, applicants, {
        running: () => saving,
        agent,
        retryDelayMs: 100,
        timeoutMs: 20_000,
        onAnswer: (o) => outcomes.push(o),
      });
      await sleep(3_000);
      const killedAt = Date.now();
      const ended = await servers.get('s1').kill('SIGKILL');
      assert.equal(ended.signal, 'SIGKILL');
      await sleep(5_000);
      saving = false;
      await loops;
      agent.destroy();

      const settled = outcomes.filter((o) => o.at > killedAt + 1_500);
      console.log(`  answers: ${JSON.stringify(tally(outcomes))}; from 1.5 s after the kill: ${JSON.stringify(tally(settled))}`);
      assert.ok(outcomes.filter((o) => o.at < killedAt && o.ok).length > 0, 'nothing was saved before the kill');
      assert.ok(
        settled.length > 0 && settled.every((o) => o.ok || (o.status === 409 && o.body?.data?.err === 'STALE')),
        `saves failed after the balancer knew: ${JSON.stringify(tally(settled))}`,
      );
      const check = checkStoredSaves(applicants, await storedApplicationsMysql(db.url), { allowUnanswered: true });
      assert.deepEqual(check.problems, []);
      assert.equal(check.checked, SAVERS);
      const health = await call(base, 'GET', '/health');
      assert.deepEqual([health.status, health.servedBy], [200, 's2']);
    });
  },
);
