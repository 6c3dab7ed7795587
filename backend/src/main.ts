import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { formatUtcDateTime } from '@svp/domain';
import { createApp } from './app.factory.js';
import { ConfigError, loadConfig } from './config/app.config.js';
import { FirstEditionService } from './editions/first-edition.service.js';
import { BootstrapAdminService } from './users/bootstrap-admin.service.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  app.enableShutdownHooks();
  // Before the deadline jobs first look at the timeline (when the server starts listening).
  const edition = await app.get(FirstEditionService).ensureComingEdition();
  const admin = await app.get(BootstrapAdminService).ensureAdministrator();
  await app.listen(config.port);

  const base = `http://localhost:${config.port}`;
  const lines = [
    '',
    'SV Portal is running',
    `  Applicant app  ${base}/`,
    `  Admin panel    ${base}/admin`,
    `  API docs       ${base}/api/docs`,
    `  Database       ${config.databaseUrl ? config.databaseUrl.replace(/\/\/[^@]*@/, '//***@') : `SQLite in ${config.dataDir}`}`,
  ];
  if (edition) {
    lines.push('', `  First edition: ${edition.name}, applications open ${formatUtcDateTime(edition.applicationsOpen)}`);
    if (edition.skippedJobs)
      lines.push(`  ${edition.skippedJobs} deadline job(s) whose dates had passed before this install will not run (see Jobs)`);
  }
  if (admin) {
    lines.push('', `  Administrator created: ${admin.email}`);
    if (admin.generatedPassword) lines.push(`  Password (shown once, change it after signing in): ${admin.generatedPassword}`);
    if (admin.choosePasswordAt)
      lines.push(`  Choose its password with "Forgot password?" at ${admin.choosePasswordAt} (the link is emailed to ${admin.email})`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else if ((error as NodeJS.ErrnoException)?.code === 'EADDRINUSE') {
    console.error(`Port ${process.env.PORT ?? 3000} is already in use. Stop the other server or set PORT to a free port.`);
  } else {
    new Logger('Startup').error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  }
  process.exit(1);
});
