import { MESSAGES, SIGNUP_FILES, type SignupFile } from '@shared/auth/schemas.js';
import type { Db } from '../db/client.js';
import { conflict } from '../http/errors.js';
import type { PreparedImage } from '../storage/images.js';
import type { StorageService } from '../storage/service.js';
import { hashPassword } from './password.js';
import { findUserByEmail, insertDriver, insertProfile, insertUser, setRole } from './repository.js';
import { startSession, type IssuedSession } from './sessions.js';
import type { SignupForm } from './signupForm.js';

interface SignupDeps {
  db: Db;
  storage: StorageService;
  jwtSecret: string;
}

type PreparedUpload = { field: SignupFile; image: PreparedImage };

/**
 * Creates the account, its profile, role, driver row and uploads in one transaction and signs
 * the new user in. Any failure leaves nothing behind: no rows, and no files on disk.
 */
export async function signUp({ db, storage, jwtSecret }: SignupDeps, form: SignupForm): Promise<IssuedSession> {
  const { account, vehicle } = form;
  if (await findUserByEmail(db, account.email)) throw conflict(MESSAGES.emailTaken);

  const uploads: PreparedUpload[] = await Promise.all(
    Object.entries(form.files).map(async ([field, data]) => ({
      field: field as SignupFile,
      image: await storage.prepare(SIGNUP_FILES[field as SignupFile], data),
    })),
  );
  const passwordHash = await hashPassword(account.password);

  try {
    return await db.transaction(async (tx) => {
      const userId = await insertUser(tx, account.email, passwordHash);
      if (!userId) throw conflict(MESSAGES.emailTaken);

      const urls: Partial<Record<SignupFile, string>> = {};
      for (const { field, image } of uploads) urls[field] = (await storage.save(tx, image, userId)).url;

      await insertProfile(tx, { userId, fullName: account.fullName, phone: account.phone, avatarUrl: urls.avatar });
      await setRole(tx, userId, account.role);
      if (vehicle) {
        await insertDriver(tx, {
          userId,
          ...vehicle,
          driversLicenseUrl: urls.driversLicense!,
          nationalIdUrl: urls.nationalId!,
          vehicleImageUrl: urls.vehicleImage!,
        });
      }
      return startSession(tx, jwtSecret, userId);
    });
  } catch (error) {
    await storage.discard(uploads.map((u) => u.image));
    throw error;
  }
}
