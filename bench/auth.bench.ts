/**
 * Sign-in with a real argon2id password (requests/s, p50, p99) and the public restaurant list
 * with 20 restaurants, on each database. Run: npx tsx bench/auth.bench.ts
 */
import { hashPassword } from '../src/server/auth/password.js';
import { insertProfile, insertUser, setRole } from '../src/server/auth/repository.js';
import { insertAccountWithoutPassword, insertRestaurant } from '../src/server/restaurants/testFixtures.js';
import { measure, report } from './lib/measure.js';
import { startBenchServer, type BenchServer, type DatabaseKind } from './lib/server.js';

const RESTAURANTS = 20;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CREDENTIALS = { email: 'bench-customer@bench.local', password: 'bench-password-123' };

async function seed(server: BenchServer) {
  const db = server.app.db;
  const passwordHash = await hashPassword(CREDENTIALS.password);
  await db.transaction(async (tx) => {
    const userId = await insertUser(tx, CREDENTIALS.email, passwordHash);
    if (!userId) throw new Error('the bench customer already exists');
    await insertProfile(tx, { userId, fullName: 'Bench Customer', phone: '+233 20 000 0001' });
    await setRole(tx, userId, 'customer');
  });
  for (let i = 0; i < RESTAURANTS; i++) {
    const ownerId = await insertAccountWithoutPassword(db, 'restaurant');
    await insertRestaurant(db, { ownerId, name: `Bench Chop House ${i + 1}` });
  }
}

/** One request first, so a broken route fails loudly instead of being measured. */
async function expectOk(url: string, init: RequestInit, check: (body: unknown) => boolean) {
  const response = await fetch(url, init);
  const body: unknown = await response.json();
  if (response.status !== 200 || !check(body)) {
    throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${JSON.stringify(body).slice(0, 200)}`);
  }
}

async function run(kind: DatabaseKind) {
  const server = await startBenchServer(kind);
  try {
    await seed(server);
    const signIn = { url: `${server.url}/api/auth/signin`, method: 'POST' as const, body: JSON.stringify(CREDENTIALS) };
    const list = { url: `${server.url}/api/restaurants` };

    await expectOk(signIn.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: signIn.body }, (body) =>
      Boolean((body as { accessToken?: string }).accessToken),
    );
    await expectOk(list.url, {}, (body) => Array.isArray(body) && body.length === RESTAURANTS);

    await measure({ ...signIn, connections: CONNECTIONS, durationSeconds: 1 });
    report('auth.signin', kind, await measure({ ...signIn, connections: CONNECTIONS, durationSeconds: DURATION_SECONDS }), {
      connections: CONNECTIONS,
      passwordHash: 'argon2id',
    });

    await measure({ ...list, connections: CONNECTIONS, durationSeconds: 1 });
    report('restaurants.list', kind, await measure({ ...list, connections: CONNECTIONS, durationSeconds: DURATION_SECONDS }), {
      connections: CONNECTIONS,
      restaurants: RESTAURANTS,
    });
  } finally {
    await server.close();
  }
}

for (const kind of (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',') as DatabaseKind[]) {
  await run(kind);
}
