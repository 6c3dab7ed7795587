import type { TestApp } from './test-app.js';
import type { CreatedUser } from './factories.js';

/** Asks for a signed upload URL and PUTs the bytes to it, as the browser does. */
export async function uploadProof(t: TestApp, who: CreatedUser, bytes: Buffer, fileType = 'application/pdf', fileName = 'proof.pdf') {
  const ticket = await t
    .http()
    .post('/api/files/upload')
    .set('Authorization', who.auth)
    .send({ user_id: who.user.id, file_type: fileType, file_name: fileName });
  if (ticket.status !== 200) return { ticket, put: null };
  const put = await t.http().put(ticket.body.data.url).set('Content-Type', fileType).send(bytes);
  return { ticket, put };
}
