import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_TIMELINE, REFERENCE_MESSAGES } from '@svp/domain';
import { JobsService } from '../jobs/jobs.service.js';
import type { CreatedUser } from '../testing/factories.js';
import { completeApplicationData } from '../testing/fixtures.js';
import { SmtpSink } from '../testing/smtp-sink.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { SELF_REFERENCE_REASON } from './references.service.js';

const T = DEFAULT_TIMELINE;

/**
 * An applicant who names their own mailbox as a referee, under another spelling of their address
 * (another case, a `+tag`): no reference link is ever mailed to them, and they are asked for someone else.
 */
describe('a referee who is the applicant', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let ana: CreatedUser;

  beforeAll(async () => {
    sink = await SmtpSink.start();
    t = await createTestApp({ now: new Date(Date.parse(T.applicationEndDate) - 86_400_000).toISOString(), env: { MAIL_URL: sink.url } });
    ana = await t.factories.applicant({ firstName: 'Ana', lastName: 'Tagged', email: 'a2@example.edu' });
    await t.factories.application(ana.user, {
      data: completeApplicationData({ firstReferenceEmail: 'A2+Ref@Example.edu', secondReferenceEmail: 'mentor@example.org' }),
    });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('sends no link to their own mailbox when applications close, and marks that referee not reachable', async () => {
    t.clock.set(T.applicationEndDate);
    await t.app.get(JobsService).runDue();
    await sink.waitFor('mentor@example.org');
    expect(sink.to('a2@example.edu')).toEqual([]);
    expect(sink.to('a2+ref@example.edu')).toEqual([]);
    const mine = await t.http().get('/api/users/references').set('Authorization', t.factories.auth(ana.user)).expect(200);
    expect(
      mine.body.data.references.map((r: { slot: number; state: string; canReplace: boolean }) => [r.slot, r.state, r.canReplace]),
    ).toEqual([
      [1, 'not-reachable', true],
      [2, 'requested', false],
    ]);
    const [row] = await t.dataSource.query('SELECT unreachable_reason FROM application_references WHERE slot = 1');
    expect(row.unreachable_reason).toBe(SELF_REFERENCE_REASON);
  });

  it('refuses their own mailbox, however spelt, as the new referee', async () => {
    const replace = (email: string) =>
      t
        .http()
        .put('/api/users/references/1')
        .set('Authorization', t.factories.auth(ana.user))
        .send({ referenceType: 'mentor', firstName: 'Ana', lastName: 'Again', email });
    for (const email of ['a2+again@example.edu', ' A2@EXAMPLE.EDU '])
      expect((await replace(email).expect(400)).body.data.errors).toEqual({ email: REFERENCE_MESSAGES.selfReference });
    await replace('grace@example.org').expect(200);
  });
});
