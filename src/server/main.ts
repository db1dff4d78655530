import path from 'node:path';
import { buildApp } from './app.js';
import { ensureAdmin } from './admin/ensureAdmin.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirInUse } from './db/dataDirLock.js';
import { demoAtStart, StartRefused } from './db/seed/atStart.js';
import { shutDown } from './health/shutdown.js';

async function main() {
  const config = loadConfig();
  const app = await buildApp(config, {
    clientDir: path.resolve('dist/client'),
    logger:
      config.NODE_ENV === 'development'
        ? { level: config.LOG_LEVEL, transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
        : { level: config.LOG_LEVEL },
  });

  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const created = await ensureAdmin(app.db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
    app.log.info(created ? `admin ${config.ADMIN_EMAIL} created` : `admin ${config.ADMIN_EMAIL} already exists`);
  }
  const demo = await demoAtStart(app);
  if (demo?.created) app.log.info('demo data created');

  // A second signal while it shuts down ends the process at once (Node's default, once the handler has run).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal} received, shutting down`);
      shutDown(app).then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'could not shut down cleanly');
          process.exit(1);
        },
      );
    });
  }
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  if (demo) printDemoAccounts(demo.accounts);
  process.stdout.write(`ChopChop is running: open ${config.PORT === 0 ? address : config.PUBLIC_URL}\n`);
}

function printDemoAccounts(accounts: { role: string; email: string; password: string }[]) {
  if (accounts.length === 0) return;
  const lines = accounts.map((a) => `  ${a.role.padEnd(11)} ${a.email.padEnd(28)} ${a.password}`);
  process.stdout.write(`\nDemo accounts (role, email, password):\n${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\nSee .env.example for every setting.\n`);
  } else if (error instanceof StartRefused || error instanceof DataDirInUse) {
    process.stderr.write(`Not started: ${error.message}\n`);
  } else {
    process.stderr.write(`Could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
