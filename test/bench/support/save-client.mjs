// Applicants saving their application in a loop, each on its own keep-alive connection, one save at
// a time (as the wizard's autosave does), each save based on the updated_at of the last answer.
// Unlike autocannon, every applicant knows exactly which of its saves the server acknowledged last
// and which it sent after that without an answer (refused, cut off, or in flight when the server
// died): the checks afterwards compare the database with exactly those.
import { Agent, request } from 'node:http';
import { APPLICANT_PASSWORD, differenceFrom, nextDraft } from './applicants.mjs';
import { ADMIN, callJson } from './common.mjs';

/** POSTs `body` (a JSON string) and reads the whole answer. Rejects on a network error or after `timeoutMs`. */
export function postJson(agent, url, body, token, timeoutMs = 30_000) {
  return new Promise((resolvePost, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolvePost({ status: response.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { code: 'CLIENT_TIMEOUT' })));
    // Whether the request went on a kept-alive connection: see resendOnIdleClose in runSaveLoops.
    req.on('error', (error) => reject(Object.assign(error, { reusedSocket: req.reusedSocket })));
    req.end(body);
  });
}

/** Signs in the administrator and sets the timeline (e.g. deadlineHourTimeline()). */
export async function setTimeline(baseUrl, timeline) {
  const login = await callJson(baseUrl, 'POST', '/users/login', { body: ADMIN, forwardedFor: '10.255.255.254' });
  if (login.status !== 200) throw new Error(`Admin sign-in answered ${login.status}: ${JSON.stringify(login.body)}`);
  const token = login.body.data.session.access_token;
  const settings = await callJson(baseUrl, 'PUT', '/admin/settings', { token, body: { timeline } });
  if (settings.status !== 200) throw new Error(`PUT /admin/settings answered ${settings.status}: ${JSON.stringify(settings.body)}`);
}

/**
 * Signs every account in through POST /api/users/login (`concurrency` at a time) and answers the
 * applicants: account, token, and the save state the loops keep.
 */
export async function signInApplicants(baseUrl, accounts, { concurrency = 4 } = {}) {
  const applicants = new Array(accounts.length);
  let next = 0;
  const worker = async () => {
    while (next < accounts.length) {
      const i = next++;
      const account = accounts[i];
      const res = await callJson(baseUrl, 'POST', '/users/login', {
        body: { email: account.email, password: APPLICANT_PASSWORD },
        forwardedFor: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      });
      if (res.status !== 200) throw new Error(`Sign-in of ${account.email} answered ${res.status}: ${JSON.stringify(res.body)}`);
      const token = res.body.data.session.access_token;
      // The wizard opens on the stored application; its saves are based on that version.
      const opened = await callJson(baseUrl, 'GET', `/application/${account.svid}`, { token });
      if (opened.status !== 200)
        throw new Error(`GET /application/${account.svid} answered ${opened.status}: ${JSON.stringify(opened.body)}`);
      applicants[i] = newApplicant(account, token, opened.body.data.updated_at);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return applicants;
}

function newApplicant(account, token, updatedAt) {
  return {
    account,
    token,
    /** The version the next save is based on: the updated_at of the last answer. */
    updatedAt,
    sequence: 0,
    /** The last save the server answered 200 to; the seeded answers count as saved. */
    acked: { sequence: -1, data: account.data },
    /** Saves sent after `acked` without a 200 (refused, cut off, or in flight): each may or may not be stored. */
    unanswered: [],
  };
}

/**
 * Runs every applicant's save loop until `running()` answers false, then waits for the saves in
 * flight. `onAnswer({ ok, status, ms, at, error, body })` hears every outcome (body: the parsed
 * answer of a non-200). After an answer an applicant saves again at once, or `thinkMs` later, or
 * (with `everyMs`) every `everyMs` from a random start, whenever the last answer came in time; after
 * an error it waits `retryDelayMs`.
 *
 * With `resendOnIdleClose`, a save refused with ECONNRESET on a kept-alive connection is sent again at
 * once on a new one, and its outcome says `resent`: the server closes a connection idle for 5 s (Node's
 * keepAliveTimeout), and Node 20's client does not know it, so a loop saving every 5 s sometimes sends
 * on a connection being closed; the server never read that request (browsers resend it the same way).
 */
export async function runSaveLoops(
  baseUrl,
  applicants,
  { running, onAnswer, thinkMs = 0, everyMs = 0, retryDelayMs = 100, timeoutMs = 30_000, agent = newAgent(), resendOnIdleClose = false },
) {
  const url = `${baseUrl}/api/application/save`;
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const loop = async (applicant) => {
    const { account } = applicant;
    let nextAt = performance.now() + (everyMs ? Math.random() * everyMs : 0);
    while (running()) {
      if (everyMs) {
        const wait = nextAt - performance.now();
        if (wait > 0) await sleep(wait);
        if (!running()) break;
        nextAt = Math.max(nextAt + everyMs, performance.now());
      }
      const sequence = applicant.sequence++;
      const data = nextDraft(account, sequence);
      const body = JSON.stringify({
        sv_id: account.svid,
        data,
        completed: false,
        team_leader: account.teamLeader,
        financial_aid: account.financialAid,
        updated_at: applicant.updatedAt,
      });
      applicant.unanswered.push({ sequence, data });
      const started = performance.now();
      let outcome;
      let resent = false;
      const send = () =>
        postJson(agent, url, body, applicant.token, timeoutMs).catch((error) => {
          if (!resendOnIdleClose || resent || error.code !== 'ECONNRESET' || !error.reusedSocket) throw error;
          resent = true;
          return postJson(agent, url, body, applicant.token, timeoutMs);
        });
      try {
        const answer = await send();
        const ms = performance.now() - started;
        if (answer.status === 200) {
          const parsed = JSON.parse(answer.text);
          applicant.updatedAt = parsed.data.updated_at;
          applicant.acked = { sequence, data };
          applicant.unanswered = [];
          outcome = { ok: true, status: 200, ms, at: Date.now(), resent };
        } else {
          let parsed = null;
          try {
            parsed = JSON.parse(answer.text);
          } catch {
            // not JSON: reported as such
          }
          // A stale answer carries the stored version: continue from it, as the wizard does after a reload.
          if (answer.status === 409 && parsed?.data?.err === 'STALE' && parsed.data.current?.updated_at) {
            applicant.updatedAt = parsed.data.current.updated_at;
          }
          outcome = {
            ok: false,
            status: answer.status,
            ms,
            at: Date.now(),
            body: parsed,
            text: parsed ? undefined : answer.text.slice(0, 300),
          };
        }
      } catch (error) {
        outcome = { ok: false, status: 0, ms: performance.now() - started, at: Date.now(), error: error.code ?? error.message };
      }
      onAnswer?.(outcome, applicant);
      const pause = outcome.ok ? thinkMs : retryDelayMs;
      if (pause > 0 && running()) await sleep(pause);
    }
  };
  await Promise.all(applicants.map(loop));
  return agent;
}

export function newAgent() {
  return new Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 1024 });
}

/**
 * Compares the stored applications with what the applicants know: each must hold the last
 * acknowledged save byte for byte, or (when `allowUnanswered`) a save sent after it whose answer
 * never came. Answers counts and the first few problems.
 */
export function checkStoredSaves(applicants, stored, { allowUnanswered = false } = {}) {
  const result = { checked: 0, lastAcknowledged: 0, laterUnanswered: 0, problems: [] };
  for (const applicant of applicants) {
    result.checked += 1;
    const row = stored.get(applicant.account.applicationId);
    if (!row) {
      result.problems.push(`${applicant.account.email}: no application stored`);
      continue;
    }
    const difference = differenceFrom(applicant.acked.data, row.data);
    if (difference === null && (applicant.acked.sequence < 0 || row.step === applicant.acked.data.step)) {
      result.lastAcknowledged += 1;
      continue;
    }
    if (
      allowUnanswered &&
      applicant.unanswered.some((sent) => differenceFrom(sent.data, row.data) === null && row.step === sent.data.step)
    ) {
      result.laterUnanswered += 1;
      continue;
    }
    result.problems.push(
      `${applicant.account.email}: the stored application is not the last acknowledged save #${applicant.acked.sequence}` +
        `${allowUnanswered ? ` nor one of the ${applicant.unanswered.length} sent after it` : ''} ` +
        `(${difference ?? `step ${row.step}, expected ${applicant.acked.data.step}`})`,
    );
  }
  return result;
}

/** Percentiles of a list of latencies (ms), nearest-rank. */
export function percentiles(values) {
  if (!values.length) return { p50: NaN, p95: NaN, p99: NaN, max: NaN, mean: NaN };
  const sorted = Float64Array.from(values).sort();
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  const round = (ms) => Math.round(ms * 10) / 10;
  return {
    p50: round(at(50)),
    p95: round(at(95)),
    p99: round(at(99)),
    max: round(sorted[sorted.length - 1]),
    mean: round(sorted.reduce((a, b) => a + b, 0) / sorted.length),
  };
}
