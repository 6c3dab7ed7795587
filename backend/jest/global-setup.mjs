import { connectToServer, newRunId, testServerUrl } from './database.mjs';

/** One id per run names every database the run creates, so the teardown drops exactly those. */
export default async function globalSetup() {
  process.env.SVP_TEST_RUN ??= newRunId();
  const server = testServerUrl();
  if (!server) return;
  try {
    const connection = await connectToServer(server);
    await connection.query('SELECT 1');
    await connection.end();
  } catch (error) {
    throw new Error(`TEST_DATABASE_URL=${server} does not answer: ${error.message}`);
  }
}
