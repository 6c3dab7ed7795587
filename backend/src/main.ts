import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory.js';
import { ConfigError, loadConfig } from './config/app.config.js';
import { BootstrapAdminService } from './users/bootstrap-admin.service.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  app.enableShutdownHooks();
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
