import { sql } from 'drizzle-orm';
import type { Role } from '@shared/auth/roles.js';
import { signAccessToken } from '../../src/server/auth/tokens.js';
import type { Db } from '../../src/server/db/client.js';

export interface SignedInAccount {
  userId: string;
  accessToken: string;
}

/**
 * `count` accounts of one role, each with a live session (a refresh-token family, which access
 * tokens must name since decision 007), written by one SQL statement instead of a sign-up and
 * an argon2 hash each; their access tokens are signed here. The accounts cannot sign in.
 */
export async function insertSignedInAccounts(db: Db, secret: string, role: Role, count: number): Promise<SignedInAccount[]> {
  const result = (await db.execute(sql`
    with new_users as (
      insert into users (email, password_hash)
      select ${role} || '-' || gen_random_uuid() || '@bench.local', 'no-password' from generate_series(1, ${count})
      returning id
    ), new_profiles as (
      insert into profiles (id, full_name, phone) select id, ${`Bench ${role}`}, '+233 20 000 0000' from new_users
    ), new_roles as (
      insert into user_roles (user_id, role) select id, ${role} from new_users
    )
    insert into refresh_tokens (user_id, family_id, token_hash, expires_at)
    select id, gen_random_uuid(), encode(sha256(convert_to(gen_random_uuid()::text, 'UTF8')), 'hex'), now() + interval '30 days'
    from new_users
    returning user_id, family_id`)) as { rows: { user_id: string; family_id: string }[] };
  const sessions = result.rows;
  return Promise.all(
    sessions.map(async ({ user_id: userId, family_id: sessionId }) => ({
      userId,
      accessToken: (await signAccessToken(secret, { userId, role, sessionId, version: 0 })).token,
    })),
  );
}

/** Makes the accounts verified drivers, who may follow orders:ready. */
export async function insertVerifiedDrivers(db: Db, userIds: string[]): Promise<void> {
  await db.execute(sql`
    insert into drivers (user_id, vehicle_type, vehicle_year, vehicle_model, plate_number,
      drivers_license_url, national_id_url, vehicle_image_url, is_available, is_verified)
    select id, 'bike', 2020, 'Bench bike', 'GR 1234-20', '/bench/license.jpg', '/bench/id.jpg', '/bench/bike.jpg', true, true
    from unnest(${sql.param(userIds)}::uuid[]) as id`);
}
