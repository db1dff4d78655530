/**
 * The driver ID check ('Verify ID with AI'): CHECKS + 1 drivers sign up through the API with a
 * national ID card drawn from SVG (their name and a sample face from @vladmandic/face-api) and
 * the same face as their profile picture; an admin then checks them one after another through
 * POST /api/admin/drivers/:id/verify-id, as the admin page does. It prints `idcheck` with the
 * first check (`coldMs`: it also starts the worker thread and loads the OCR and face models),
 * the warm checks after it (`warmP50Ms`, `warmP99Ms`), and how long GET /api/health took while
 * checks ran (`healthP50Ms`, `healthMaxMs`): the analysis runs in a worker thread, so the event
 * loop should stay free for other requests; and what the warm worker adds to the process's
 * memory (`workerRssMb`). Run: npx tsx bench/idcheck.bench.ts
 */
import { sampleHealth } from '../src/server/test/healthSampler.js';
import { facePhoto, idCard } from '../src/server/verification/testIdCards.js';
import { insertSignedInAccounts } from './lib/bulkAccounts.js';
import { report } from './lib/measure.js';
import { startBenchServer, type BenchServer, type DatabaseKind } from './lib/server.js';
import { percentile } from './lib/stats.js';

const CHECKS = Number(process.env.BENCH_IDCHECK_CHECKS ?? 10);
const HEALTH_EVERY_MS = 50;
const NAME = 'Ama Serwaa Mensah';

async function signUpDriver(server: BenchServer, index: number, card: Buffer, picture: Buffer, filler: Buffer) {
  const form = new FormData();
  const fields = {
    fullName: NAME,
    phone: '+233 24 123 4567',
    email: `idcheck-${index}-${Date.now()}@bench.local`,
    password: 'bench-password-1',
    role: 'driver',
    vehicleType: 'bike',
    vehicleYear: '2019',
    vehicleModel: 'Honda CG 125',
    plateNumber: 'GR 1234-19',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const blob = (data: Buffer, type: string) => new Blob([new Uint8Array(data)], { type });
  form.append('avatar', blob(picture, 'image/jpeg'), 'me.jpg');
  form.append('nationalId', blob(card, 'image/png'), 'id.png');
  form.append('driversLicense', blob(filler, 'image/jpeg'), 'licence.jpg');
  form.append('vehicleImage', blob(filler, 'image/jpeg'), 'bike.jpg');
  const res = await fetch(`${server.url}/api/auth/signup`, { method: 'POST', body: form });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { user: { id: string } }).user.id;
}

async function run(kind: DatabaseKind) {
  const server = await startBenchServer(kind);
  try {
    const [admin] = await insertSignedInAccounts(server.app.db, server.app.config.JWT_SECRET, 'admin', 1);
    const card = await idCard({ name: NAME, face: 'driver' });
    const picture = await facePhoto('driver', 400, 70);
    const filler = await facePhoto('someoneElse', 64);
    const driverIds: string[] = [];
    for (let i = 0; i <= CHECKS; i++) driverIds.push(await signUpDriver(server, i, card, picture, filler));

    const check = async (driverId: string) => {
      const started = performance.now();
      const res = await fetch(`${server.url}/api/admin/drivers/${driverId}/verify-id`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin!.accessToken}` },
      });
      const body = (await res.json()) as { verified?: boolean };
      if (res.status !== 200 || body.verified !== true) throw new Error(`check failed: ${res.status} ${JSON.stringify(body)}`);
      return performance.now() - started;
    };

    const [first, ...rest] = driverIds;
    const rssBefore = process.memoryUsage().rss;
    const checks = (async () => {
      const coldMs = await check(first!);
      const warm: number[] = [];
      for (const driverId of rest) warm.push(await check(driverId));
      return { coldMs, warm };
    })();
    const health = await sampleHealth(server.url, { durationMs: Infinity, until: checks, everyMs: HEALTH_EVERY_MS });
    const { coldMs, warm } = await checks;

    report('idcheck', kind, {
      checks: warm.length,
      coldMs: Math.round(coldMs),
      warmP50Ms: Math.round(percentile(warm, 0.5)),
      warmP99Ms: Math.round(percentile(warm, 0.99)),
      healthP50Ms: percentile(health, 0.5),
      healthMaxMs: percentile(health, 1),
      // What the warm worker thread (models, OCR data, WebAssembly memory) adds to the process.
      workerRssMb: Math.round((process.memoryUsage().rss - rssBefore) / 2 ** 20),
    });
  } finally {
    await server.close();
  }
}

for (const kind of (process.env.BENCH_DATABASES ?? 'pglite').split(',') as DatabaseKind[]) await run(kind);
