import { randomBytes, randomUUID } from 'node:crypto';
import type { Role } from '@shared/auth/roles.js';
import type { Bucket } from '@shared/storage/buckets.js';
import { fileUrl } from '@shared/storage/urls.js';
import { hashPassword } from '../auth/password.js';
import { insertDriver, insertProfile, insertUser, setRole } from '../auth/repository.js';
import { startSession } from '../auth/sessions.js';
import type { TestContext } from './app.js';

export interface TestUser {
  userId: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
  authHeader: { authorization: string };
}

const placeholderUrl = (bucket: Bucket) => fileUrl(bucket, `${randomUUID()}.webp`);

/** One real argon2 hash per password for this worker: hashing each of the suite's thousands of test accounts anew cost seconds of CPU. */
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
}

/**
 * Inserts a signed-in account straight into the database, for tests of other domains. Drivers
 * get a vehicle and placeholder document URLs (no files behind them); verifiedDriver marks
 * them verified and, unless `available` says otherwise, online, so they may take orders.
 */
export async function createUser(
  t: TestContext,
  options: {
    role: Role;
    email?: string;
    password?: string;
    fullName?: string;
    phone?: string;
    verifiedDriver?: boolean;
    available?: boolean;
  },
): Promise<TestUser> {
  const email = (options.email ?? `${options.role}-${randomBytes(5).toString('hex')}@test.local`).toLowerCase();
  const password = options.password ?? 'password123';
  const passwordHash = await hashOnce(password);

  const session = await t.app.db.transaction(async (tx) => {
    const userId = await insertUser(tx, email, passwordHash);
    if (!userId) throw new Error(`createUser: ${email} already exists`);
    await insertProfile(tx, {
      userId,
      fullName: options.fullName ?? `Test ${options.role}`,
      phone: options.phone ?? '+233 20 000 0000',
    });
    await setRole(tx, userId, options.role);
    if (options.role === 'driver') {
      await insertDriver(tx, {
        userId,
        vehicleType: 'bike',
        vehicleYear: 2020,
        vehicleModel: 'Honda CG 125',
        plateNumber: `GR-${randomBytes(2).toString('hex').toUpperCase()}-24`,
        driversLicenseUrl: placeholderUrl('driver-licenses'),
        nationalIdUrl: placeholderUrl('national-ids'),
        vehicleImageUrl: placeholderUrl('vehicle-images'),
        isVerified: options.verifiedDriver ?? false,
        isAvailable: options.available ?? options.verifiedDriver ?? false,
      });
    }
    return startSession(tx, t.config.JWT_SECRET, userId);
  });

  return {
    userId: session.user.id,
    email,
    password,
    accessToken: session.accessToken,
    refreshToken: session.refreshToken,
    authHeader: { authorization: `Bearer ${session.accessToken}` },
  };
}
