#!/usr/bin/env node
// Benchmark of the organisers' messages: one message to 2,000 confirmed volunteers,
// through a real SMTP server running in this process (support/smtp-counter.mjs: it counts messages
// and recipients per run without parsing them).
//
// A benchmark, not a test: it prints figures and exits 0 whatever they are (1 only when it cannot
// run). For each database (SQLite, then MariaDB):
//
//  1. A fresh store: the built server migrates it and stops; support/schedule-seed.mjs inserts the
//     confirmed volunteers (verified accounts with the bootstrap admin's password hash), team
//     leaders, venues, shifts and assignments with SQL, as for the schedule benchmark.
//  2. The server starts with MAIL_URL at the sink, JOBS_ENABLED=true (only servers running the jobs
//     send) and MAIL_RATE_PER_SECOND=--rate (10,000: the portal's own limit). The timeline is set to
//     "schedules out"; the deadline jobs that are due (among them the schedules-released email, to
//     every confirmed volunteer) run and finish first, so that nothing else sends during the
//     measurements; their emails are counted and timed too. ~50 volunteers sign in.
//  3. Reads without a send: autocannon on GET /api/schedule/{id}, rotating through their tokens
//     (in a process of its own, support/read-load.mjs); again after step 5, and the figures during a
//     send are compared with the mean of the two.
//  4. Throughput: POST /api/admin/messages {audience: {kind: 'confirmed'}} as the admin, timed until
//     the sink holds every recipient's copy and GET /api/admin/messages/{id} says 'sent'; the
//     server's CPU per message (/proc), the database's (MariaDB, when its pid file is readable), the
//     sink's own (its thread's), and exactly one copy per recipient (counted per address).
//  5. Reads during a full-speed send: the same load, then a second message once it runs; the load
//     stops when the sink holds every copy (or after --duration).
//  6. The mail path's floor: a bare nodemailer client in another process sends the same bytes the
//     same way (one at a time over a kept-open connection) to the same sink.
//  6b. Hostile Markdown (on the same server): the three bodies a security review found slow to render
//     (support/markdown-load.mjs) and the heaviest bodies the Markdown limits allow, each through
//     POST /api/admin/messages/preview (refused with 400 MARKDOWN_LIMIT, or rendered); then
//     --markdown-messages (200) messages with those heaviest bodies to one shift of a signed-in
//     volunteer, sent, and /api/health probed every 20 ms alone and then while that volunteer reads
//     GET /api/messages back to back (its newest 200 messages) for --markdown-seconds.
//  7. The server again with MAIL_RATE_PER_SECOND=--paced-rate (50): reads without a send, then a third
//     message with the same load from 1 s after its 201, then a load offering a fixed --moderate-rate
//     (1,000 requests/s) (at 50/s, 2,000 recipients last 40 s, longer than both loads), then reads
//     without a send again; the pace measured at the sink during each load and after them, and
//     exactly one copy.
//
// Before the databases, each of those bodies is rendered in this process by the built renderer
// (backend/dist/mail/markdown.js): the first time and 20 times more, wall and CPU time.
//
// The sink runs on a worker thread of this process and the load in a child process, so that neither
// waits for the other. For each load, the CPU time the hypervisor gave to other machines ("steal",
// /proc/stat) and the share of the machine's CPU time other processes used are reported: on a shared
// machine they are what makes two runs differ most.
//
//   node test/bench/messages.bench.mjs                      both databases, the figures in results/messages.json
//   node test/bench/messages.bench.mjs --only sqlite        or --only mariadb
//   node test/bench/messages.bench.mjs --smoke              tiny sizes (30 recipients, 1 s loads), SQLite only unless
//                                                           --only mariadb; writes nothing (20–30 s); exits 1 when a
//                                                           recipient gets no copy or two
//   node test/bench/messages.bench.mjs --rate 10000 --paced-rate 50 --recipients 2000 --duration 10 --connections 50
//   node test/bench/messages.bench.mjs --markdown-messages 200 --markdown-seconds 10   (step 6b; smoke: 20 and 2)
//   node test/bench/messages.bench.mjs --build              rebuild domain and backend first
//   BENCH_MYSQL_URL=mysql://user:pass@host:3306/svp_bench_messages ... (default root@127.0.0.1:3306/svp_bench_messages;
//                                                                      that database is dropped and created, and dropped at the end)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { ErrorCode, timelineFor } from '@svp/domain';
import { startServer } from '../support/server.mjs';
import { ADMIN, ROOT, callJson, ensureBuilt, log, mariadbAdmin, smokeVerdict } from './support/common.mjs';
import { adminToken, cpuMs } from './support/measure.mjs';
import { loadNow, writeResult } from './support/results.mjs';
import { AT_LIMIT_BODIES, HOSTILE_BODIES, probeHealth, readMessages, renderTimes, spread } from './support/markdown-load.mjs';
import { stealMs } from './support/floor-server.mjs';
import { machineBusyMs, startReadLoad } from './support/read-load.mjs';
import { busiestWindow, deliveryCheck, floorSend, startSmtpCounter } from './support/smtp-counter.mjs';

/** The load during the paced send starts this long after the message's 201, once the outbox is under way. */
const PACED_LEAD_MS = 1_000;
/** "The pace holds": the rate measured at the sink within this share of the configured one. */
const PACE_TOLERANCE = 0.1;

const { values: given } = parseArgs({
  options: {
    recipients: { type: 'string' },
    rate: { type: 'string' },
    'paced-rate': { type: 'string' },
    'moderate-rate': { type: 'string' },
    duration: { type: 'string' },
    connections: { type: 'string' },
    'sign-in-volunteers': { type: 'string' },
    leaders: { type: 'string' },
    venues: { type: 'string' },
    shifts: { type: 'string' },
    only: { type: 'string' },
    smoke: { type: 'boolean', default: false },
    'no-floor': { type: 'boolean', default: false },
    'markdown-messages': { type: 'string' },
    'markdown-seconds': { type: 'string' },
    build: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const DEFAULTS = {
  recipients: 2000,
  rate: 10000,
  'paced-rate': 50,
  'moderate-rate': 1000,
  duration: 10,
  connections: 50,
  'sign-in-volunteers': 50,
  leaders: 40,
  venues: 60,
  shifts: 5000,
  'markdown-messages': 200,
  'markdown-seconds': 10,
};
const SMOKE = {
  recipients: 30,
  rate: 10000,
  'paced-rate': 5,
  'moderate-rate': 500,
  duration: 1,
  connections: 10,
  'sign-in-volunteers': 10,
  leaders: 5,
  venues: 10,
  shifts: 150,
  'markdown-messages': 20,
  'markdown-seconds': 2,
};
const N = Object.fromEntries(
  Object.keys(DEFAULTS).map((key) => [key, given[key] === undefined ? (given.smoke ? SMOKE : DEFAULTS)[key] : Number(given[key])]),
);
const MYSQL_URL = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/svp_bench_messages';
const CORES = cpus().length;

const round = (value, digits = 0) =>
  value === null || value === undefined || !Number.isFinite(value) ? null : Math.round(value * 10 ** digits) / 10 ** digits;

/** What an organiser writes: Markdown with merge fields (each recipient's values are rendered per email). */
const message = (tag) => ({
  subject: `[bench-${tag}] Your shifts next week, {svid}`,
  body: [
    'Hello {firstName},',
    '',
    'The schedules for **{conferenceName}** are out. You have {scheduledHours} hours of shifts; the next one is *{nextShift}*.',
    '',
    '- Your schedule: {scheduleUrl}',
    '- Come to the volunteer office 15 minutes before each shift, with your badge.',
    '- Questions? Write to us through the [portal](/dashboard) or answer this email.',
    '',
    'Thank you for helping, and see you soon!',
  ].join('\n'),
  audience: { kind: 'confirmed' },
});

async function signIn(baseUrl, email, n) {
  const res = await callJson(baseUrl, 'POST', '/users/login', {
    body: { email, password: ADMIN.password },
    forwardedFor: `10.9.${Math.floor(n / 5)}.${(n % 5) + 1}`,
  });
  if (res.status !== 200) throw new Error(`Sign-in of ${email} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data.session.access_token;
}

/** Waits until no deadline job is due or running; answers the states seen last. */
async function jobsSettled(baseUrl, token, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await callJson(baseUrl, 'GET', '/admin/jobs', { token });
    if (res.status !== 200) throw new Error(`GET /api/admin/jobs answered ${res.status}: ${JSON.stringify(res.body)}`);
    const busy = res.body.filter((job) => job.state === 'due' || job.state === 'running');
    if (!busy.length) return res.body.map((job) => `${job.name} ${job.state}`);
    if (Date.now() > deadline)
      throw new Error(`Deadline jobs still busy after ${timeoutMs / 1000} s: ${busy.map((j) => `${j.name} ${j.state}`).join(', ')}`);
    await sleep(300);
  }
}

/**
 * Starts autocannon on GET /api/schedule/{id} for `seconds`, rotating through the volunteers' tokens,
 * from a process of its own (support/read-load.mjs says why). Answers { started, stop(), result }:
 * `result` settles with latency, req/s, errors, steal and the server's CPU over the load's own window.
 * autocannon stops at its next one-second tick after stop().
 */
function beginReads(ctx, seconds, connections = N.connections, overallRate = null) {
  const load = startReadLoad({ dir: ctx.dataDir, baseUrl: ctx.server.baseUrl, users: ctx.volunteers, connections, seconds, overallRate });
  const result = (async () => {
    await load.started;
    const stealBefore = stealMs();
    const cpuBefore = cpuMs(ctx.server.pid);
    const busyBefore = machineBusyMs();
    const ownBefore = process.cpuUsage();
    const dbBefore = ctx.dbCpu();
    const { started, ended, cpuMs: clientCpu, result: r } = await load.done;
    const steal = stealMs() - stealBefore;
    const cpu = cpuMs(ctx.server.pid) - cpuBefore;
    const busy = machineBusyMs() - busyBefore;
    const own = process.cpuUsage(ownBefore);
    const dbAfter = ctx.dbCpu();
    const ms = ended - started;
    // What the other processes of the machine used meanwhile: all of it less the server, the load
    // client, this process and (MariaDB) the database, which on a shared database serves others too.
    const ours = cpu + clientCpu + (own.user + own.system) / 1000 + (dbBefore === null || dbAfter === null ? 0 : dbAfter - dbBefore);
    const othersPercent = busyBefore === null ? null : Math.max(0, (100 * (busy - ours)) / (ms * CORES));
    return {
      started,
      ended,
      seconds: ms / 1000,
      latency: r.latency,
      requests: r.requests.total,
      rps: r.requests.total / (ms / 1000),
      errors: r.non2xx + r.errors + r.timeouts,
      stealPercent: (100 * steal) / (ms * CORES),
      othersPercent,
      serverCpuMsPerRequest: cpu / Math.max(1, r.requests.total),
    };
  })();
  return { started: load.started, stop: () => load.started.then(() => load.stop()), result };
}

const readLoad = (ctx, seconds, connections, overallRate) => beginReads(ctx, seconds, connections, overallRate).result;

/** The reads before and after a send, as one reference: the mean of their figures. */
function withoutSend(before, after) {
  const mean = (a, b) => (a + b) / 2;
  return {
    before,
    after,
    latency: Object.fromEntries(['p50', 'p90', 'p99', 'max'].map((k) => [k, mean(before.latency[k], after.latency[k])])),
    rps: mean(before.rps, after.rps),
  };
}

/**
 * Creates the message as the admin and follows it until the sink holds `expected.size` copies and
 * the message is 'sent'. `reads` (a load begun and started before the POST) is stopped once the sink
 * holds every copy; `during(created)` starts one after the 201. Answers the timings, CPU, the
 * delivery check, and the load's figures.
 */
async function send(ctx, tag, { timeoutMs, during, reads } = {}) {
  const { server, admin, sink, expected, dbCpu } = ctx;
  const run = sink.run(tag);
  const connectionsBefore = sink.connections();
  const sinkBefore = await sink.cpuMs();
  const ownBefore = process.cpuUsage();
  const cpuBefore = cpuMs(server.pid);
  const dbBefore = dbCpu();
  const stealBefore = stealMs();
  const started = performance.now();
  const res = await callJson(server.baseUrl, 'POST', '/admin/messages', { token: admin, body: message(tag) });
  if (res.status !== 201) throw new Error(`POST /api/admin/messages answered ${res.status}: ${JSON.stringify(res.body).slice(0, 500)}`);
  const created = performance.now();
  if (res.body.recipients !== expected.size) log(`  ! the message has ${res.body.recipients} recipients, ${expected.size} expected`);
  const complete = sink.waitFor(tag, expected.size, timeoutMs).then(() => performance.now());
  if (reads) complete.then(reads.stop, reads.stop);
  const alongside = reads ? reads.result : during ? during(created) : null;
  // Awaited below; marked handled now so that an early failure is not an unhandled rejection.
  alongside?.catch(() => undefined);
  complete.catch(() => undefined);
  let allAt;
  try {
    await complete;
    // When the last copy reached the sink (taken on the sink's thread), not when this thread heard of it.
    allAt = run.times[run.times.length - 1];
  } catch (error) {
    const detail = await callJson(server.baseUrl, 'GET', `/admin/messages/${res.body.id}`, { token: admin });
    throw new Error(`${error.message}; the server says ${JSON.stringify(detail.body?.counts)} (${detail.body?.state})`);
  }
  // Then the server's own account: 'sent' once the outbox's round marks it so.
  let detail;
  for (const deadline = Date.now() + 30_000; ;) {
    detail = (await callJson(server.baseUrl, 'GET', `/admin/messages/${res.body.id}`, { token: admin })).body;
    if (detail.state !== 'sending' || Date.now() > deadline) break;
    await sleep(25);
  }
  const sentAt = performance.now();
  const serverCpu = cpuMs(server.pid) - cpuBefore;
  const dbAfter = dbCpu();
  const own = process.cpuUsage(ownBefore);
  const sinkAfter = await sink.cpuMs();
  const steal = stealMs() - stealBefore;
  const loadResult = alongside ? await alongside : null;
  // A copy arriving late would be a duplicate: give the outbox a moment to show one.
  await sleep(300);
  const times = run.times;
  const n = expected.size;
  return {
    id: res.body.id,
    recipients: res.body.recipients,
    createMs: created - started,
    toAllSeconds: (allAt - started) / 1000,
    toSentStateSeconds: (sentAt - started) / 1000,
    messagesPerSecond: n / ((allAt - started) / 1000),
    outboxMessagesPerSecond: times.length > 1 ? ((times.length - 1) * 1000) / (times[times.length - 1] - times[0]) : null,
    firstAfterMs: times.length ? times[0] - started : null,
    busiest1s: busiestWindow(times),
    serverCpuMsPerMessage: serverCpu / n,
    databaseCpuMsPerMessage: dbBefore === null || dbAfter === null ? null : (dbAfter - dbBefore) / n,
    /** The sink's thread's CPU per message, and the whole benchmark process's (the sink, the polls; the load when there is one). */
    sinkCpuMsPerMessage: sinkBefore === null || sinkAfter === null ? null : (sinkAfter - sinkBefore) / n,
    benchProcessCpuMsPerMessage: (own.user + own.system) / 1000 / n,
    smtpConnections: sink.connections() - connectionsBefore,
    stealPercent: (100 * steal) / ((sentAt - started) * CORES),
    bytesPerMessage: run.bytes / Math.max(1, run.messages),
    state: detail.state,
    counts: detail.counts,
    delivery: deliveryCheck(run, expected),
    times,
    sample: run.sample,
    load: loadResult,
  };
}

const arrivalsBetween = (times, from, to) => times.filter((t) => t >= from && t <= to).length;

function describeLoad(label, r, base) {
  const ratio = base
    ? ` — during/without (the mean of before and after): ` +
      `p50 ×${(r.latency.p50 / Math.max(0.5, base.latency.p50)).toFixed(2)}, ` +
      `p99 ×${(r.latency.p99 / Math.max(0.5, base.latency.p99)).toFixed(2)}, req/s ×${(r.rps / base.rps).toFixed(2)}`
    : '';
  log(
    `  ${label}: ${r.requests} requests in ${r.seconds.toFixed(1)} s ` +
      `— p50 ${r.latency.p50} ms, p90 ${r.latency.p90} ms, p99 ${r.latency.p99} ms, ` +
      `max ${r.latency.max} ms, ${r.rps.toFixed(0)} req/s, server CPU ${r.serverCpuMsPerRequest.toFixed(2)} ms/request, ` +
      `steal ${r.stealPercent.toFixed(1)}%, ` +
      `other processes ${r.othersPercent?.toFixed(0) ?? '–'}% of the machine${r.errors ? `, ${r.errors} ERRORS` : ''}${ratio}`,
  );
}

function describeDelivery(d) {
  return (
    `${d.distinct}/${d.expected} recipients, ${d.duplicates} duplicates, ` +
    `${d.missing} missing${d.unexpected ? `, ${d.unexpected} UNEXPECTED` : ''}`
  );
}

const ms = (value) => (value === null ? '–' : value < 10 ? value.toFixed(1) : value.toFixed(0));

/**
 * 6b. Each hostile body and each of the heaviest bodies the limits allow through the preview; then
 * --markdown-messages messages with the heaviest bodies to one shift of a signed-in volunteer, sent;
 * then /api/health every 20 ms, alone and while that volunteer reads GET /api/messages back to back.
 */
async function benchMarkdown(ctx, seeded, prefix) {
  const { server, admin, sink } = ctx;
  const reader = ctx.volunteers[0];
  const shiftId = seeded.rows.shift_assignments.find((a) => a.volunteer_id === reader.id)?.shift_id;
  if (!shiftId) throw new Error(`Volunteer ${reader.id} holds no shift to write to`);
  const audience = { kind: 'shift', shiftId };
  const previews = [];
  for (const { name, body } of [...HOSTILE_BODIES, ...AT_LIMIT_BODIES]) {
    const started = performance.now();
    const res = await callJson(server.baseUrl, 'POST', '/admin/messages/preview', {
      token: admin,
      body: { subject: 'Preview', body, audience },
    });
    previews.push({
      name,
      hostile: HOSTILE_BODIES.some((hostile) => hostile.name === name),
      status: res.status,
      err: res.body?.err ?? null,
      message: res.status === 200 ? null : (res.body?.message ?? null),
      ms: performance.now() - started,
    });
  }
  for (const p of previews)
    log(`  preview of ${p.name}: ${p.status}${p.err ? ` ${p.err}` : ''} in ${ms(p.ms)} ms${p.message ? ` (“${p.message}”)` : ''}`);

  // The volunteer's messages: the heaviest bodies the limits allow, in turn, each rendered once at its POST.
  const tag = `${prefix}-markdown`;
  const createMs = [];
  let recipients = 0;
  for (let n = 0; n < N['markdown-messages']; n += 1) {
    // A merge field in front, so that each copy is filled for its reader (cut back to the length allowed; still within the limits).
    const body = `Hi {firstName}, ${AT_LIMIT_BODIES[n % AT_LIMIT_BODIES.length].body}`.slice(0, 20_000);
    const started = performance.now();
    const res = await callJson(server.baseUrl, 'POST', '/admin/messages', {
      token: admin,
      // The subject stays ASCII: the sink finds the tag in the raw header, and a name in another script would encode it.
      body: { subject: `[bench-${tag}] Note ${n + 1}`, body, audience },
    });
    createMs.push(performance.now() - started);
    if (res.status !== 201) throw new Error(`POST /api/admin/messages answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
    recipients += res.body.recipients;
  }
  await sink.waitFor(tag, recipients, 120_000 + recipients * 100);
  const creates = spread(createMs);
  log(
    `  ${N['markdown-messages']} messages with those bodies to shift ${shiftId} ` +
      `(${recipients / N['markdown-messages']} recipients each): ` +
      `POST p50 ${ms(creates.p50)} ms, max ${ms(creates.max)} ms; all ${recipients} copies at the sink`,
  );

  const aloneUntil = performance.now() + Math.min(3, N['markdown-seconds']) * 1000;
  const alone = await probeHealth(server.baseUrl, 20, () => performance.now() >= aloneUntil);
  let reading = true;
  const reads = readMessages(server.baseUrl, reader.token, N['markdown-seconds']).finally(() => (reading = false));
  const during = await probeHealth(server.baseUrl, 20, () => !reading);
  const read = await reads;
  const result = {
    shiftId,
    messages: N['markdown-messages'],
    recipients,
    previews,
    creates,
    healthAlone: { ...spread(alone.latencies), failed: alone.failed },
    healthWhileReading: { ...spread(during.latencies), failed: during.failed },
    reads: { ...spread(read.times), messagesEach: read.messages, bytesEach: read.bytes, errors: read.errors },
  };
  const h = (x) =>
    `p50 ${ms(x.p50)} ms, p99 ${ms(x.p99)} ms, max ${ms(x.max)} ms over ${x.count} probes${x.failed ? `, ${x.failed} FAILED` : ''}`;
  log(`  /api/health alone: ${h(result.healthAlone)}`);
  log(
    `  /api/health while the volunteer reads their ${read.messages} messages back to back ` +
      `(${result.reads.count} reads of ${(read.bytes / 1e6).toFixed(1)} MB, ` +
      `p50 ${ms(result.reads.p50)} ms, max ${ms(result.reads.max)} ms` +
      `${read.errors ? `, ${read.errors} ERRORS` : ''}): ${h(result.healthWhileReading)}`,
  );
  return result;
}

async function benchDatabase(name, { databaseUrl, prepare, seed, databaseCpu, cleanup }, sink) {
  log(`━━ ${name} ━━`);
  if (prepare && !(await prepare())) return null;
  const dataDir = mkdtempSync(join(tmpdir(), 'svp-bench-messages-'));
  const prefix = name.toLowerCase();
  let server = null;
  const env = (rate) => ({ MAIL_URL: sink.url, JOBS_ENABLED: 'true', MAIL_RATE_PER_SECOND: String(rate) });
  try {
    let started = performance.now();
    server = await startServer({ admin: ADMIN, dataDir, databaseUrl, env: { JOBS_ENABLED: 'false' } });
    await server.stop();
    log(`  migrated a fresh database in ${((performance.now() - started) / 1000).toFixed(2)} s`);
    started = performance.now();
    const seeded = await seed(dataDir);
    const c = seeded.counts;
    log(
      `  seeded ${c.users} users (${seeded.volunteerIds.length} confirmed volunteers, ${seeded.leaderIds.length} team leaders), ` +
        `${c.venues} venues, ${c.shifts} shifts, ${c.shift_assignments} assignments ` +
        `in ${((performance.now() - started) / 1000).toFixed(2)} s`,
    );
    const emailOf = new Map(seeded.rows.users.map((u) => [u.id, u.email.toLowerCase()]));
    const expected = new Set(seeded.volunteerIds.map((id) => emailOf.get(id)));

    // The server that sends at full speed. The deadline jobs that are due run first: at its start
    // (a fresh database's timeline is already past) and after the timeline is set.
    const jobMailsBefore = sink.untagged().messages;
    const jobConnectionsBefore = sink.connections();
    started = performance.now();
    server = await startServer({ admin: ADMIN, dataDir, databaseUrl, env: env(N.rate) });
    const admin = await adminToken(server.baseUrl);
    const timeline = timelineFor('schedulesOut');
    const settings = await callJson(server.baseUrl, 'PUT', '/admin/settings', { token: admin, body: { timeline } });
    if (settings.status !== 200) throw new Error(`PUT /admin/settings answered ${settings.status}: ${JSON.stringify(settings.body)}`);
    await sleep(500);
    await jobsSettled(server.baseUrl, admin, 600_000);
    // The sink reports from its own thread: its count is final once it stops moving.
    for (let last = -1; last !== sink.untagged().messages;) {
      last = sink.untagged().messages;
      await sleep(500);
    }
    const jobSeconds = (performance.now() - started) / 1000;
    const jobMails = sink.untagged().messages - jobMailsBefore;
    const jobConnections = sink.connections() - jobConnectionsBefore;
    log(
      `  the deadline jobs ran first (among them the schedules-released email to every confirmed volunteer): ${jobMails} emails, ` +
        `unpaced, ${jobSeconds.toFixed(1)} s from the server's start, over ${jobConnections} SMTP connections`,
    );

    started = performance.now();
    const pick = (ids, n) => ids.filter((_, k) => k % Math.max(1, Math.floor(ids.length / n)) === 0).slice(0, n);
    const volunteers = [];
    let n = 0;
    for (const id of pick(seeded.volunteerIds, N['sign-in-volunteers']))
      volunteers.push({ id, token: await signIn(server.baseUrl, emailOf.get(id), n++) });
    log(`  signed in ${volunteers.length} volunteers in ${((performance.now() - started) / 1000).toFixed(2)} s`);
    const check = await callJson(server.baseUrl, 'GET', `/schedule/${volunteers[0].id}`, { token: volunteers[0].token });
    if (check.status !== 200)
      throw new Error(`GET /api/schedule/${volunteers[0].id} answered ${check.status}: ${JSON.stringify(check.body).slice(0, 300)}`);

    const ctx = { server, admin, sink, expected, dataDir, volunteers, dbCpu: databaseCpu ? await databaseCpu() : () => null };
    const warm = given.smoke ? 1 : 3;
    await readLoad(ctx, warm, 10);

    // 3. Reads without a send (again after the sends, below).
    const before = await readLoad(ctx, N.duration);
    describeLoad(`reads without a send (${N.connections} connections)`, before);

    // 4. Throughput: nothing else runs.
    const fullTimeout = 120_000 + N.recipients * 100;
    const full = await send(ctx, `${prefix}-full`, { timeoutMs: fullTimeout });
    log(
      `  send at MAIL_RATE_PER_SECOND=${N.rate}: ${full.recipients} recipients, POST answered in ${full.createMs.toFixed(0)} ms, ` +
        `first copy at ${full.firstAfterMs?.toFixed(0)} ms, all at the sink in ${full.toAllSeconds.toFixed(2)} s ` +
        `(state '${full.state}' after ${full.toSentStateSeconds.toFixed(2)} s): ${full.messagesPerSecond.toFixed(0)} messages/s ` +
        `(outbox alone, first to last copy: ${full.outboxMessagesPerSecond?.toFixed(0)}/s)`,
    );
    const databaseCpuText =
      full.databaseCpuMsPerMessage !== null ? `, database CPU ${full.databaseCpuMsPerMessage.toFixed(2)} ms/message` : '';
    log(
      `    server CPU ${full.serverCpuMsPerMessage.toFixed(2)} ms/message${databaseCpuText}, ` +
        `sink thread ${full.sinkCpuMsPerMessage?.toFixed(2) ?? '–'} ms/message ` +
        `(the whole benchmark process ${full.benchProcessCpuMsPerMessage.toFixed(2)}), ` +
        `${(full.bytesPerMessage / 1024).toFixed(1)} KB/message over ${full.smtpConnections} SMTP connections, ` +
        `steal ${full.stealPercent.toFixed(1)}%; ${describeDelivery(full.delivery)}; ` +
        `the server counts ${JSON.stringify(full.counts)}`,
    );

    // 5. Reads during a full-speed send, from the 201 until the sink has every copy.
    // The load first, then the message: the send (its POST included) overlaps the load from its start.
    const reads = beginReads(ctx, N.duration);
    await reads.started;
    const fullLoad = await send(ctx, `${prefix}-fullload`, { timeoutMs: fullTimeout, reads });
    const fl = fullLoad.load;
    const overlapEnd = Math.min(fl.ended, fullLoad.times[fullLoad.times.length - 1]);
    fullLoad.overlapSeconds = Math.max(0, overlapEnd - fl.started) / 1000;
    fullLoad.duringLoadMessagesPerSecond =
      fullLoad.overlapSeconds > 0 ? arrivalsBetween(fullLoad.times, fl.started, overlapEnd) / fullLoad.overlapSeconds : null;
    const after = await readLoad(ctx, N.duration);
    describeLoad('reads without a send, after the sends', after);
    const without = withoutSend(before, after);
    describeLoad(
      `reads during a full-speed send (load ${fl.seconds.toFixed(1)} s, ${fullLoad.overlapSeconds.toFixed(1)} s of it while sending)`,
      fl,
      without,
    );
    log(
      `    meanwhile ${fullLoad.messagesPerSecond.toFixed(0)} messages/s over the whole send ` +
        `(${fullLoad.duringLoadMessagesPerSecond?.toFixed(1) ?? '–'}/s while the load ran); ${describeDelivery(fullLoad.delivery)}`,
    );

    // 6. The mail path's floor: the same bytes, one at a time, from a bare nodemailer client.
    let floor = null;
    if (!given['no-floor'] && full.sample) {
      const rawFile = join(dataDir, 'sample.eml');
      writeFileSync(rawFile, full.sample);
      const tag = `${prefix}-floor`;
      const sinkBefore = await sink.cpuMs();
      const waiting = sink.waitFor(tag, N.recipients, fullTimeout);
      const client = await floorSend(sink.url, rawFile, N.recipients, tag);
      await waiting;
      const sinkAfter = await sink.cpuMs();
      floor = {
        messagesPerSecond: N.recipients / (client.ms / 1000),
        clientCpuMsPerMessage: client.cpuMs / N.recipients,
        sinkCpuMsPerMessage: sinkBefore === null || sinkAfter === null ? null : (sinkAfter - sinkBefore) / N.recipients,
      };
      log(
        `  floor (bare nodemailer, pooled, one at a time, ` +
          `the same ${(full.sample.length / 1024).toFixed(1)} KB): ${floor.messagesPerSecond.toFixed(0)} messages/s, ` +
          `client CPU ${floor.clientCpuMsPerMessage.toFixed(2)} ms/message, ` +
          `sink thread ${floor.sinkCpuMsPerMessage?.toFixed(2) ?? '–'} ms/message`,
      );
    }

    // 6b. Hostile Markdown, and the health check while a volunteer reads the heaviest messages allowed.
    const markdown = await benchMarkdown(ctx, seeded, prefix);
    await server.stop();
    server = null;

    // 7. The realistic pace.
    server = await startServer({ admin: ADMIN, dataDir, databaseUrl, env: env(N['paced-rate']) });
    ctx.server = server;
    ctx.admin = await adminToken(server.baseUrl);
    await readLoad(ctx, warm, 10);
    const before2 = await readLoad(ctx, N.duration);
    describeLoad(`reads without a send, restarted at MAIL_RATE_PER_SECOND=${N['paced-rate']}`, before2);
    // While it sends: the same load as before (as many requests as 50 connections can send: the
    // server's one thread saturated), then a fixed --moderate-rate of requests per second.
    const sendSeconds = N.recipients / N['paced-rate'];
    if (sendSeconds * 1000 < PACED_LEAD_MS + 2 * N.duration * 1000 + 1000)
      log(
        `  ! at ${N['paced-rate']}/s the send lasts ${sendSeconds.toFixed(1)} s, ` +
          `less than the two ${N.duration} s loads after a ${PACED_LEAD_MS} ms lead: raise --recipients or lower --paced-rate`,
      );
    const paced = await send(ctx, `${prefix}-paced`, {
      timeoutMs: 120_000 + sendSeconds * 2000,
      during: async (created) => {
        await sleep(Math.max(0, created + PACED_LEAD_MS - performance.now()));
        const saturating = await readLoad(ctx, N.duration);
        const moderate = await readLoad(ctx, N.duration, N.connections, N['moderate-rate']);
        return { saturating, moderate };
      },
    });
    const lastCopy = paced.times[paced.times.length - 1];
    const rateWhile = (l) => {
      const end = Math.min(l.ended, lastCopy);
      return end > l.started
        ? {
            messagesPerSecond: arrivalsBetween(paced.times, l.started, end) / ((end - l.started) / 1000),
            overlapSeconds: (end - l.started) / 1000,
          }
        : { messagesPerSecond: null, overlapSeconds: 0 };
    };
    const { saturating: pl, moderate: ml } = paced.load;
    paced.duringLoad = rateWhile(pl);
    paced.duringModerateLoad = rateWhile(ml);
    paced.duringLoadMessagesPerSecond = paced.duringLoad.messagesPerSecond;
    // The pace once the loads are over (no burst to catch up is expected: the outbox never sends ahead of its pace).
    const later = paced.times.filter((t) => t > ml.ended);
    paced.afterLoadMessagesPerSecond = later.length > 1 ? ((later.length - 1) * 1000) / (later[later.length - 1] - later[0]) : null;
    paced.afterLoadBusiest1s = busiestWindow(later);
    const after2 = await readLoad(ctx, N.duration);
    describeLoad('reads without a send, after the paced send', after2);
    const without2 = withoutSend(before2, after2);
    describeLoad(`reads during a send at ${N['paced-rate']}/s`, pl, without2);
    describeLoad(`reads at ${N['moderate-rate']} requests/s offered, during the same send`, ml);
    const rateText = (x) =>
      x.messagesPerSecond === null
        ? '– (the send was over)'
        : `${x.messagesPerSecond.toFixed(1)}/s${x.overlapSeconds < N.duration - 0.5 ? ` (over ${x.overlapSeconds.toFixed(1)} s)` : ''}`;
    log(
      `  send at MAIL_RATE_PER_SECOND=${N['paced-rate']}: ${paced.recipients} recipients in ${paced.toAllSeconds.toFixed(1)} s; ` +
        `measured ${paced.outboxMessagesPerSecond?.toFixed(1)}/s first to last copy, ${rateText(paced.duringLoad)} during the ` +
        `saturating load, ${rateText(paced.duringModerateLoad)} during the ${N['moderate-rate']} ` +
        `requests/s, ${paced.afterLoadMessagesPerSecond?.toFixed(1) ?? '–'}/s after them, ` +
        `at most ${paced.busiest1s} in any 1 s; ${describeDelivery(paced.delivery)}`,
    );

    const lateJobMails = sink.untagged().messages - jobMailsBefore - jobMails;
    if (lateJobMails) log(`  ! ${lateJobMails} more untagged emails (the deadline jobs') arrived during the measurements`);
    return {
      database: name,
      seeded: { volunteers: seeded.volunteerIds.length, shifts: c.shifts, assignments: c.shift_assignments },
      jobMails,
      jobSeconds,
      jobConnections,
      lateJobMails,
      without,
      full,
      fullLoad,
      floor,
      without2,
      paced,
      markdown,
    };
  } catch (error) {
    if (server) log(server.log().split('\n').slice(-30).join('\n'));
    throw error;
  } finally {
    await server?.stop();
    if (!given.keep) {
      rmSync(dataDir, { recursive: true, force: true });
      await cleanup?.();
    } else {
      log(`  kept ${dataDir}${databaseUrl ? ` and ${databaseUrl.replace(/\/\/[^@]*@/, '//***@')}` : ''}`);
    }
    log();
  }
}

const latencyOf = (r) => ({ p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max });
const loadRecord = (r, base) => ({
  seconds: round(r.seconds, 1),
  latencyMs: latencyOf(r),
  requestsPerSecond: Math.round(r.rps),
  errors: r.errors,
  serverCpuMsPerRequest: round(r.serverCpuMsPerRequest, 2),
  stealPercent: round(r.stealPercent, 1),
  otherProcessesPercent: round(r.othersPercent, 0),
  ...(base
    ? {
        duringOverWithout: {
          p50: round(r.latency.p50 / Math.max(0.5, base.latency.p50), 2),
          p99: round(r.latency.p99 / Math.max(0.5, base.latency.p99), 2),
          requestsPerSecond: round(r.rps / base.rps, 2),
        },
      }
    : {}),
});
/** A send's record; the CPU per message only for a send alone (with reads, the server's and this process's CPU is mostly theirs). */
const sendRecord = (s, { alone = false } = {}) => ({
  recipients: s.recipients,
  postMs: Math.round(s.createMs),
  secondsToAllAtSink: round(s.toAllSeconds, 2),
  secondsToSentState: round(s.toSentStateSeconds, 2),
  messagesPerSecond: round(s.messagesPerSecond, 1),
  outboxMessagesPerSecond: round(s.outboxMessagesPerSecond, 1),
  busiestSecond: s.busiest1s,
  ...(alone
    ? {
        serverCpuMsPerMessage: round(s.serverCpuMsPerMessage, 2),
        databaseCpuMsPerMessage: round(s.databaseCpuMsPerMessage, 2),
        sinkCpuMsPerMessage: round(s.sinkCpuMsPerMessage, 2),
        benchProcessCpuMsPerMessage: round(s.benchProcessCpuMsPerMessage, 2),
      }
    : {}),
  bytesPerMessage: Math.round(s.bytesPerMessage),
  smtpConnections: s.smtpConnections,
  stealPercent: round(s.stealPercent, 1),
  state: s.state,
  serverCounts: s.counts,
  delivery: s.delivery,
});
const exactlyOnce = (s) => s.delivery.duplicates === 0 && s.delivery.missing === 0 && s.delivery.unexpected === 0 && s.state === 'sent';
/** Without a load: within PACE_TOLERANCE of the configured rate, and no second above it. */
const paceHolds = (r) =>
  r.paced.afterLoadMessagesPerSecond !== null &&
  Math.abs(r.paced.afterLoadMessagesPerSecond / N['paced-rate'] - 1) <= PACE_TOLERANCE &&
  r.paced.busiest1s <= Math.ceil(N['paced-rate'] * (1 + PACE_TOLERANCE)) + 1;

async function main() {
  for (const key of Object.keys(DEFAULTS)) {
    if (!Number.isFinite(N[key]) || N[key] <= 0) throw new Error(`--${key} must be a positive number`);
  }
  for (const key of ['recipients', 'connections', 'sign-in-volunteers', 'leaders', 'venues', 'shifts'])
    if (!Number.isInteger(N[key])) throw new Error(`--${key} must be a whole number`);
  if (N.leaders > N.venues) throw new Error('--leaders must not exceed --venues (each leads at least one venue)');
  if (N.rate > 10_000 || N['paced-rate'] > 10_000) throw new Error('the server takes MAIL_RATE_PER_SECOND up to 10000');
  if (given.only && !['sqlite', 'mariadb'].includes(given.only)) throw new Error('--only must be sqlite or mariadb');
  ensureBuilt(given.build);
  const loadBefore = loadNow();
  const { seedScheduleMysql, seedScheduleSqlite } = await import('./support/schedule-seed.mjs');
  const seedOptions = { volunteers: N.recipients, leaders: N.leaders, venues: N.venues, shifts: N.shifts, adminEmail: ADMIN.email };
  log(
    `Messages benchmark${given.smoke ? ' (smoke)' : ''}: ` +
      `a message to ${N.recipients} confirmed volunteers through an SMTP sink in this process, ` +
      `at MAIL_RATE_PER_SECOND=${N.rate} and ${N['paced-rate']}; ` +
      `reads of GET /api/schedule/{id} with autocannon, ${N.connections} connections × ${N.duration} s, ` +
      `without and during a send. Load average ${loadBefore.join(' ')}.\n`,
  );

  // Each body rendered in this process by the built renderer, before any server runs.
  const renders = await renderTimes([...HOSTILE_BODIES, ...AT_LIMIT_BODIES], given.smoke ? 3 : 20);
  log('Rendering each body once (the built renderer, in this process; wall time, warm runs after the first):');
  table(
    ['body', 'outcome', 'first (ms)', 'median (ms)', 'max (ms)', 'CPU median (ms)'],
    renders.map((r) => [
      r.name,
      r.refused ? `refused (${r.refused})` : `${(r.htmlLength / 1000).toFixed(1)} k chars of HTML`,
      ms(r.firstMs),
      ms(r.medianMs),
      ms(r.maxMs),
      ms(r.cpuMedianMs),
    ]),
  );
  log();

  const sink = await startSmtpCounter();
  const results = [];
  try {
    if (!given.only || given.only === 'sqlite') {
      const result = await benchDatabase(
        'SQLite',
        { seed: (dataDir) => seedScheduleSqlite(join(dataDir, 'svportal.sqlite'), seedOptions) },
        sink,
      );
      if (result) results.push(result);
    }
    // A smoke run checks one database unless told which (CI rarely has a MariaDB): --smoke --only mariadb for that one.
    if ((!given.only && !given.smoke) || given.only === 'mariadb') {
      const admin = await mariadbAdmin(MYSQL_URL);
      const result = await benchDatabase(
        'MariaDB',
        {
          databaseUrl: MYSQL_URL,
          async prepare() {
            let connection;
            try {
              connection = await admin.connect();
            } catch (error) {
              log(`  skipped: MariaDB does not answer at ${MYSQL_URL.replace(/\/\/[^@]*@/, '//***@')} (${error.code ?? error.message}).\n`);
              return false;
            }
            const [[{ version }]] = await connection.query('SELECT VERSION() AS version');
            log(`  server ${version}, database ${admin.database} (dropped and created)`);
            await connection.query(`DROP DATABASE IF EXISTS \`${admin.database}\``);
            await connection.query(`CREATE DATABASE \`${admin.database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
            await connection.end();
            return true;
          },
          seed: () => seedScheduleMysql(MYSQL_URL, seedOptions),
          /** CPU used so far by the database server (ms), when its pid file is readable here. */
          async databaseCpu() {
            const connection = await admin.connect();
            try {
              const [[{ file }]] = await connection.query('SELECT @@pid_file AS file');
              const pid = Number(readFileSync(file, 'utf8').trim());
              cpuMs(pid);
              return () => cpuMs(pid);
            } catch {
              return () => null;
            } finally {
              await connection.end();
            }
          },
          async cleanup() {
            const connection = await admin.connect();
            await connection.query(`DROP DATABASE IF EXISTS \`${admin.database}\``);
            await connection.end();
          },
        },
        sink,
      );
      if (result) results.push(result);
    }
  } finally {
    await sink.close();
  }
  if (!results.length) throw new Error('No database could be measured');

  printTable(results);
  printMarkdownTable(results);
  const met = {
    exactlyOnce: results.every((r) => [r.full, r.fullLoad, r.paced].every(exactlyOnce)),
    paceHolds: results.every(paceHolds),
    hostileBodiesRenderUnder50msOrRefused: renders
      .filter((r) => HOSTILE_BODIES.some((h) => h.name === r.name))
      .every((r) => r.refused || r.maxMs < 50),
    healthUnder100msWhileReading: results.every((r) => r.markdown.healthWhileReading.max < 100),
  };
  // Checks that are not timings: what is refused and what is accepted, and that every read and probe answered.
  const markdownChecks = {
    'the hostile bodies refused with 400 MARKDOWN_LIMIT': results.every((r) =>
      r.markdown.previews.filter((p) => p.hostile).every((p) => p.status === 400 && p.err === ErrorCode.MarkdownLimit),
    ),
    'the bodies within the limits accepted': results.every((r) =>
      r.markdown.previews.filter((p) => !p.hostile).every((p) => p.status === 200),
    ),
    'the volunteer reads every message, every read and health probe answered': results.every(
      (r) =>
        r.markdown.reads.messagesEach >= Math.min(200, r.markdown.messages) &&
        !r.markdown.reads.errors &&
        !r.markdown.healthAlone.failed &&
        !r.markdown.healthWhileReading.failed,
    ),
  };
  log(
    `\nEvery recipient exactly one copy, in every send: ${met.exactlyOnce ? 'yes' : 'NO'}. ` +
      `The pace holds at ${N['paced-rate']}/s without a load ` +
      `(within ${PACE_TOLERANCE * 100} %, no second above it): ${met.paceHolds ? 'yes' : 'NO'}. ` +
      `The hostile bodies render in under 50 ms or are refused: ${met.hostileBodiesRenderUnder50msOrRefused ? 'yes' : 'NO'}. ` +
      `/api/health under 100 ms while a volunteer reads their messages: ${met.healthUnder100msWhileReading ? 'yes' : 'NO'}. ` +
      Object.entries(markdownChecks)
        .map(([check, held]) => `${check[0].toUpperCase()}${check.slice(1)}: ${held ? 'yes' : 'NO'}.`)
        .join(' '),
  );
  if (given.smoke) {
    // The pace and the latencies are timings (a tiny send on a busy machine proves little); the rest is not.
    smokeVerdict({ 'every recipient exactly one copy, in every send': met.exactlyOnce, ...markdownChecks });
    return;
  }
  const file = writeResult(
    'messages',
    {
      command: 'npm run bench:messages',
      config: {
        recipients: N.recipients,
        ratePerSecond: N.rate,
        pacedRatePerSecond: N['paced-rate'],
        moderateReadsPerSecond: N['moderate-rate'],
        connections: N.connections,
        durationSeconds: N.duration,
        leaders: N.leaders,
        venues: N.venues,
        shifts: N.shifts,
        signedInVolunteers: N['sign-in-volunteers'],
        markdownMessages: N['markdown-messages'],
        markdownReadSeconds: N['markdown-seconds'],
      },
      results: results.map((r) => ({
        database: r.database,
        seeded: r.seeded,
        deadlineJobsFirst: {
          emails: r.jobMails,
          seconds: round(r.jobSeconds, 1),
          smtpConnections: r.jobConnections,
          emailsArrivingLater: r.lateJobMails,
        },
        throughput: sendRecord(r.full, { alone: true }),
        floor: r.floor
          ? {
              messagesPerSecond: round(r.floor.messagesPerSecond, 1),
              clientCpuMsPerMessage: round(r.floor.clientCpuMsPerMessage, 2),
              sinkCpuMsPerMessage: round(r.floor.sinkCpuMsPerMessage, 2),
            }
          : null,
        paced: {
          configuredPerSecond: N['paced-rate'],
          ...sendRecord(r.paced),
          duringLoadMessagesPerSecond: round(r.paced.duringLoad.messagesPerSecond, 1),
          duringModerateLoadMessagesPerSecond: round(r.paced.duringModerateLoad.messagesPerSecond, 1),
          afterLoadMessagesPerSecond: round(r.paced.afterLoadMessagesPerSecond, 1),
        },
        reads: {
          route: 'GET /api/schedule/{id}',
          connections: N.connections,
          withoutSend: { before: loadRecord(r.without.before), after: loadRecord(r.without.after) },
          duringFullSpeedSend: {
            ...loadRecord(r.fullLoad.load, r.without),
            overlapSeconds: round(r.fullLoad.overlapSeconds, 1),
            send: { ...sendRecord(r.fullLoad), duringLoadMessagesPerSecond: round(r.fullLoad.duringLoadMessagesPerSecond, 1) },
          },
          withoutSendRestarted: { before: loadRecord(r.without2.before), after: loadRecord(r.without2.after) },
          duringPacedSend: loadRecord(r.paced.load.saturating, r.without2),
          moderateDuringPacedSend: { offeredPerSecond: N['moderate-rate'], ...loadRecord(r.paced.load.moderate) },
        },
        hostileMarkdown: markdownRecord(r.markdown),
      })),
      renders: renders.map((r) => ({
        body: r.name,
        length: r.length,
        refused: r.refused,
        htmlLength: r.htmlLength,
        firstMs: round(r.firstMs, 2),
        medianMs: round(r.medianMs, 2),
        maxMs: round(r.maxMs, 2),
        cpuMedianMs: round(r.cpuMedianMs, 2),
      })),
      targets: { met: { ...met, ...markdownChecks } },
    },
    { loadBefore },
  );
  log(`Wrote ${file.slice(ROOT.length + 1)}`);
}

function markdownRecord(m) {
  const latency = (x) => ({ count: x.count, p50: round(x.p50, 1), p99: round(x.p99, 1), max: round(x.max, 1) });
  return {
    shiftId: m.shiftId,
    messages: m.messages,
    recipients: m.recipients,
    previews: m.previews.map((p) => ({
      body: p.name,
      hostile: p.hostile,
      status: p.status,
      err: p.err,
      message: p.message,
      ms: round(p.ms, 1),
    })),
    createMs: latency(m.creates),
    healthAlone: { ...latency(m.healthAlone), failed: m.healthAlone.failed },
    healthWhileReading: { ...latency(m.healthWhileReading), failed: m.healthWhileReading.failed },
    reads: { ...latency(m.reads), messagesEach: m.reads.messagesEach, charactersEach: m.reads.bytesEach, errors: m.reads.errors },
  };
}

function printMarkdownTable(results) {
  log(`\nHostile Markdown: /api/health probed every 20 ms while a volunteer reads their messages (the heaviest bodies allowed)`);
  table(
    ['database', 'phase', 'probes', 'p50 (ms)', 'p99 (ms)', 'max (ms)', 'failed'],
    results.flatMap((r) => [
      [r.database, 'health alone', ...latencyCells(r.markdown.healthAlone), String(r.markdown.healthAlone.failed)],
      [
        r.database,
        `health while reading ${r.markdown.reads.messagesEach} messages`,
        ...latencyCells(r.markdown.healthWhileReading),
        String(r.markdown.healthWhileReading.failed),
      ],
      [
        r.database,
        `the reads (${(r.markdown.reads.bytesEach / 1e6).toFixed(1)} MB each)`,
        ...latencyCells(r.markdown.reads),
        String(r.markdown.reads.errors),
      ],
      [r.database, `POST of each of the ${r.markdown.messages} messages`, ...latencyCells(r.markdown.creates), '0'],
    ]),
  );
}

const latencyCells = (x) => [String(x.count), ms(x.p50), ms(x.p99), ms(x.max)];

function table(head, rows) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  log(line(head));
  log(widths.map((w) => '─'.repeat(w)).join('  '));
  rows.forEach((row) => log(line(row)));
}

function printTable(results) {
  log(`Sends (${N.recipients} recipients)`);
  table(
    [
      'database',
      'send',
      'rate set',
      'to all (s)',
      'msg/s',
      'outbox msg/s',
      'during reads',
      `during ${N['moderate-rate']} req/s`,
      'busiest 1 s',
      'server CPU/msg (ms)',
      'db CPU/msg (ms)',
      'sink CPU/msg (ms)',
      'steal %',
      'duplicates',
      'missing',
    ],
    results.flatMap((r) =>
      [
        ['alone', N.rate, r.full],
        ['with reads', N.rate, r.fullLoad],
        ['paced, with reads', N['paced-rate'], r.paced],
      ].map(([label, rate, s]) => [
        r.database,
        label,
        String(rate),
        s.toAllSeconds.toFixed(2),
        s.messagesPerSecond.toFixed(1),
        s.outboxMessagesPerSecond?.toFixed(1) ?? '–',
        s.duringLoadMessagesPerSecond === undefined || s.duringLoadMessagesPerSecond === null
          ? '–'
          : s.duringLoadMessagesPerSecond.toFixed(1),
        s.duringModerateLoad?.messagesPerSecond?.toFixed(1) ?? '–',
        String(s.busiest1s),
        label === 'alone' ? s.serverCpuMsPerMessage.toFixed(2) : '–',
        label === 'alone' ? (s.databaseCpuMsPerMessage?.toFixed(2) ?? '–') : '–',
        label === 'alone' ? (s.sinkCpuMsPerMessage?.toFixed(2) ?? '–') : '–',
        s.stealPercent.toFixed(1),
        String(s.delivery.duplicates),
        String(s.delivery.missing + s.delivery.unexpected),
      ]),
    ),
  );
  if (results.some((r) => r.floor))
    log(
      `Floor (bare nodemailer to the same sink): ${results
        .filter((r) => r.floor)
        .map((r) => `${r.database} run ${r.floor.messagesPerSecond.toFixed(0)} msg/s`)
        .join(', ')}`,
    );
  log(
    `\nReads of GET /api/schedule/{id} (${N.connections} connections; autocannon in a process of its own; ` +
      `* against the mean of the reads before and after)`,
  );
  table(
    [
      'database',
      'phase',
      'seconds',
      'p50 (ms)',
      'p90 (ms)',
      'p99 (ms)',
      'req/s',
      'server CPU/req (ms)',
      'steal %',
      'others %',
      'errors',
      'p99 during/without*',
      'req/s during/without*',
    ],
    results.flatMap((r) =>
      [
        ['without a send, before', r.without.before, null],
        [`during a send at ${N.rate}/s`, r.fullLoad.load, r.without],
        ['without a send, after', r.without.after, null],
        ['restarted: without, before', r.without2.before, null],
        [`during a send at ${N['paced-rate']}/s`, r.paced.load.saturating, r.without2],
        [`${N['moderate-rate']} req/s offered, same send`, r.paced.load.moderate, null],
        ['without a send, after', r.without2.after, null],
      ].map(([label, l, base]) => [
        r.database,
        label,
        l.seconds.toFixed(1),
        String(l.latency.p50),
        String(l.latency.p90),
        String(l.latency.p99),
        l.rps.toFixed(0),
        l.serverCpuMsPerRequest.toFixed(2),
        l.stealPercent.toFixed(1),
        l.othersPercent === null ? '–' : l.othersPercent.toFixed(0),
        String(l.errors),
        base ? (l.latency.p99 / Math.max(0.5, base.latency.p99)).toFixed(2) : '',
        base ? (l.rps / base.rps).toFixed(2) : '',
      ]),
    ),
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
