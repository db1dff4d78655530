import type { Queryable } from '../db/client.js';
import { accessStillHolds } from './repository.js';
import type { RevocationRegistry } from './revocation.js';
import { checkAccessToken, readAccessToken, type VerifiedToken } from './tokens.js';

export type AccessTokenReader = (token: string) => Promise<VerifiedToken | null>;

/**
 * Reads an access token as every request and socket must: the signature, then once per process
 * one query that the account and session still hold, then on every use the revocations this
 * instance has heard of since. No database round trip for a token already verified, except
 * while the instance is not hearing revocations: then every use asks the database.
 */
export function accessTokenReader(db: Queryable, secret: string, revocations: RevocationRegistry): AccessTokenReader {
  const confirm = (claims: VerifiedToken['claims']) => accessStillHolds(db, claims);
  return async (token) => {
    const read = revocations.listening ? readAccessToken : checkAccessToken;
    const verified = await read(secret, token, confirm);
    return verified && revocations.allows(verified.claims) ? verified : null;
  };
}
