import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/auth/schemas.js';
import { parseEnv } from '../config.js';
import { openDatabase } from '../db/client.js';
import { profiles, restaurantMembers, userRoles, users } from '../db/schema.js';
import { openRestaurant } from '../orders/testOrders.js';
import { insertMembership } from '../restaurants/membersRepository.js';
import { createUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { ensureAdmin } from './ensureAdmin.js';
import { parseCreateAdminArgs } from './createAdminCli.js';

const run = promisify(execFile);

describe('ensureAdmin', () => {
  const t = useTestApp({ RATE_LIMIT_DISABLED: '1' });

  const roleOf = async (email: string) => {
    const [row] = await t.app.db
      .select({ role: userRoles.role })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .where(eq(users.email, email));
    return row?.role;
  };

  it('creates an admin who can sign in and reports it created', async () => {
    expect(await ensureAdmin(t.app.db, { email: 'Boss@Example.com', password: 'admin-pass', fullName: 'Efua Boss' })).toBe(true);
    expect(await roleOf('boss@example.com')).toBe('admin');
    const [profile] = await t.app.db.select().from(profiles);
    expect(profile).toMatchObject({ fullName: 'Efua Boss', phone: '' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'boss@example.com', password: 'admin-pass' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('admin');
  });

  it('names the admin Administrator when no name is given', async () => {
    await ensureAdmin(t.app.db, { email: 'root@example.com', password: 'admin-pass' });
    const [profile] = await t.app.db.select().from(profiles);
    expect(profile?.fullName).toBe('Administrator');
  });

  it('returns false for an existing email, makes it admin and keeps its password', async () => {
    const user = await createUser(t, { role: 'customer', email: 'existing@example.com', password: 'kept-password' });
    expect(await ensureAdmin(t.app.db, { email: 'existing@example.com', password: 'other-password' })).toBe(false);
    expect(await roleOf('existing@example.com')).toBe('admin');
    expect((await t.app.db.select().from(users)).length).toBe(1);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: user.email, password: 'kept-password' },
    });
    expect(signIn.json().user.role).toBe('admin');
  });

  it('takes a manager made admin off every restaurant they managed', async () => {
    const kitchen = await openRestaurant(t);
    const manager = await createUser(t, { role: 'manager', email: 'manager@example.com' });
    await insertMembership(t.app.db, kitchen.restaurant.id, manager.userId);

    expect(await ensureAdmin(t.app.db, { email: 'manager@example.com', password: 'other-password' })).toBe(false);

    expect(await roleOf('manager@example.com')).toBe('admin');
    expect(await t.app.db.select().from(restaurantMembers).where(eq(restaurantMembers.userId, manager.userId))).toEqual([]);
  });

  it('is safe to run twice at once', async () => {
    const results = await Promise.all([
      ensureAdmin(t.app.db, { email: 'twice@example.com', password: 'admin-pass' }),
      ensureAdmin(t.app.db, { email: 'twice@example.com', password: 'admin-pass' }),
    ]);
    expect(results.sort()).toEqual([false, true]);
    expect((await t.app.db.select().from(users)).length).toBe(1);
  });

  it('refuses a bad email, a short password or a common one', async () => {
    await expect(ensureAdmin(t.app.db, { email: 'nope', password: 'admin-pass' })).rejects.toThrow(/valid email/);
    await expect(ensureAdmin(t.app.db, { email: 'a@example.com', password: '123' })).rejects.toThrow(/at least 6/);
    await expect(ensureAdmin(t.app.db, { email: 'a@example.com', password: 'admin123' })).rejects.toThrow(/too common/);
    expect(await t.app.db.select().from(users)).toEqual([]);
  });
});

describe('ADMIN_PASSWORD', () => {
  it('is refused at start when it is a common password', () => {
    expect(() => parseEnv({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'Password1' })).toThrow(
      'ADMIN_PASSWORD is too common: choose one that is harder to guess',
    );
    expect(parseEnv({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'kente-cloth-7' }).ADMIN_PASSWORD).toBe('kente-cloth-7');
  });
});

describe('create-admin command line', () => {
  it('reads --email, --password, --name and --phone', () => {
    expect(
      parseCreateAdminArgs(['--email', 'A@b.co', '--password', 'kente-cloth-7', '--name', 'Ama', '--phone', '+233 20'], {}),
    ).toEqual({
      ok: true,
      input: { email: 'a@b.co', password: 'kente-cloth-7', fullName: 'Ama', phone: '+233 20' },
    });
  });

  it('falls back to ADMIN_EMAIL and ADMIN_PASSWORD', () => {
    const args = parseCreateAdminArgs([], { ADMIN_EMAIL: 'env@example.com', ADMIN_PASSWORD: 'from-env' });
    expect(args).toMatchObject({ ok: true, input: { email: 'env@example.com', password: 'from-env' } });
  });

  it.each([
    [[], 'An email and a password are required.'],
    [['--email', 'x@example.com'], 'An email and a password are required.'],
    [['--email', 'nope', '--password', 'kente-cloth-7'], 'Please enter a valid email address'],
    [['--email', 'x@example.com', '--password', '123'], 'Password must be at least 6 characters'],
    [['--email', 'x@example.com', '--password', '123456'], MESSAGES.commonPassword],
    [['--email', 'x@example.com', '--password', 'kente-cloth-7', '--colour', 'red'], /Unknown option '--colour'/],
  ])('explains what is wrong with %j', (argv, message) => {
    const args = parseCreateAdminArgs(argv, {});
    expect(args.ok).toBe(false);
    expect(args.ok ? '' : args.message).toMatch(message);
  });
});

// The command runs in a process of its own on the embedded database of DATA_DIR whichever database
// the suite uses, and each run starts a fresh one (tens of seconds of CPU): the PGlite run covers it.
describe.skipIf(process.env.TEST_DATABASE_URL)('create-admin command line process', () => {
  it('creates the admin in the embedded database of DATA_DIR, then promotes on a second run', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'chopchop-admin-'));
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_EMAIL: '', ADMIN_PASSWORD: '', NODE_ENV: 'test' };
    const script = path.resolve('scripts/create-admin.ts');
    const tsx = path.resolve('node_modules/.bin/tsx');
    try {
      const first = await run(tsx, [script, '--email', 'cli@example.com', '--password', 'cli-pass', '--name', 'CLI Admin'], {
        env,
      });
      expect(first.stdout).toMatch('Admin cli@example.com created');
      const second = await run(tsx, [script, '--email', 'cli@example.com', '--password', 'cli-pass'], { env });
      expect(second.stdout).toMatch('cli@example.com already had an account: it now has the admin role');

      const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
      try {
        const rows = await database.db
          .select({ email: users.email, role: userRoles.role, fullName: profiles.fullName })
          .from(users)
          .innerJoin(userRoles, eq(userRoles.userId, users.id))
          .innerJoin(profiles, eq(profiles.id, users.id));
        expect(rows).toEqual([{ email: 'cli@example.com', role: 'admin', fullName: 'CLI Admin' }]);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('exits non-zero with the reason and the usage on bad input', async () => {
    const script = path.resolve('scripts/create-admin.ts');
    const failure = await run(path.resolve('node_modules/.bin/tsx'), [script, '--email', 'nope', '--password', 'kente-cloth-7'], {
      env: { ...process.env, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' },
    }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch('Please enter a valid email address');
    expect(failure?.stderr).toMatch('Usage: npm run create-admin');
  }, 30_000);
});
