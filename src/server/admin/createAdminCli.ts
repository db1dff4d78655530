import { parseArgs } from 'node:util';
import { adminInputSchema, type AdminInput } from './ensureAdmin.js';

export const CREATE_ADMIN_USAGE = `Usage: npm run create-admin -- --email <email> --password <password> [--name "Full Name"] [--phone <phone>]
  ADMIN_EMAIL and ADMIN_PASSWORD are used when --email or --password is left out.
  The database is the app's: DATABASE_URL, or DATA_DIR/db for the embedded one (stop the app first).`;

export type CreateAdminArgs = { ok: true; input: AdminInput } | { ok: false; message: string };

/** Reads and checks the command line of create-admin, falling back to ADMIN_EMAIL and ADMIN_PASSWORD. */
export function parseCreateAdminArgs(argv: string[], env: Record<string, string | undefined>): CreateAdminArgs {
  let values: { email?: string; password?: string; name?: string; phone?: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        phone: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }

  const email = values.email ?? env.ADMIN_EMAIL;
  const password = values.password ?? env.ADMIN_PASSWORD;
  if (!email || !password) return { ok: false, message: 'An email and a password are required.' };

  const result = adminInputSchema.safeParse({ email, password, fullName: values.name, phone: values.phone });
  if (!result.success) return { ok: false, message: result.error.issues.map((i) => i.message).join('\n') };
  return { ok: true, input: result.data };
}
