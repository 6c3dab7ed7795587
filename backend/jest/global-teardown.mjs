import { TEST_DATABASE_PREFIX, connectToServer, testServerUrl } from './database.mjs';

/** Drops any database of this run that a suite left behind (e.g. after a crash). */
export default async function globalTeardown() {
  const server = testServerUrl();
  if (!server) return;
  const connection = await connectToServer(server);
  const [rows] = await connection.query('SHOW DATABASES LIKE ?', [`${TEST_DATABASE_PREFIX}${process.env.SVP_TEST_RUN}\\_%`]);
  for (const row of rows) await connection.query(`DROP DATABASE IF EXISTS \`${Object.values(row)[0]}\``);
  await connection.end();
}
