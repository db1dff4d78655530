import { MESSAGES, SIGNUP_FILES, type SignupFile } from '@shared/auth/schemas.js';
import type { Db } from '../db/client.js';
import { conflict, underField } from '../http/errors.js';
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

/** A taken email, named under the form's Email field as well as said. */
const emailTaken = () => conflict(MESSAGES.emailTaken, { email: MESSAGES.emailTaken });

/** Checks and re-encodes one uploaded picture; a refusal names the form's field it came from. */
async function prepareUpload(storage: StorageService, field: SignupFile, data: Buffer): Promise<PreparedUpload> {
  try {
    return { field, image: await storage.prepare(SIGNUP_FILES[field], data) };
  } catch (error) {
    throw underField(error, field);
  }
}

/**
 * Creates the account, its profile, role, driver row and uploads in one transaction and signs
 * the new user in. Any failure leaves nothing behind: no rows, and no files on disk.
 */
export async function signUp({ db, storage, jwtSecret }: SignupDeps, form: SignupForm): Promise<IssuedSession> {
  const { account, vehicle } = form;
  if (await findUserByEmail(db, account.email)) throw emailTaken();

  const uploads = await Promise.all(
    Object.entries(form.files).map(([field, data]) => prepareUpload(storage, field as SignupFile, data)),
  );
  const passwordHash = await hashPassword(account.password);

  try {
    return await db.transaction(async (tx) => {
      const userId = await insertUser(tx, account.email, passwordHash);
      if (!userId) throw emailTaken();

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
