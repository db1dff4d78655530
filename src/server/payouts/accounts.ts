import { PAYOUT_RECIPIENT_TYPES, type PayoutRecipientType } from '@shared/payouts/kinds.js';
import { payoutPlaceOf, recipientTypesIn, type PayoutPlace } from '@shared/payouts/countries.js';
import {
  MOBILE_MONEY_COUNTRIES,
  PAYOUT_MESSAGES,
  type PayoutAccountInput,
  type PayoutAccountView,
  type PayoutBankList,
  type PayoutBanksQuery,
  type PayoutResolved,
  NO_PAYOUT_ACCOUNT,
} from '@shared/payouts/schemas.js';
import type { AuthUser } from '../core/identity.js';
import type { Queryable } from '../db/client.js';
import { badRequest, conflict, unprocessable } from '../http/errors.js';
import type { PaystackKeys } from '../payments/paystack.js';
import { banksOf, findBank } from './banks.js';
import { askForRequest, providerUnavailable, requireKeys, type PayoutContext } from './context.js';
import { createRecipient, resolveAccount, type Bank } from './paystackTransfers.js';
import {
  findOpenPayout,
  findOwnedRestaurant,
  findPayoutAccount,
  lockPayees,
  upsertPayoutAccount,
  type Payee,
  type PayoutAccountRow,
} from './repository.js';

/**
 * Payout accounts (decision 023): where a restaurant (its owner) or a rider is paid, a Paystack
 * transfer recipient of one of the types of shared/payouts/kinds.ts. The account is resolved
 * with Paystack (which names its holder) before anything is saved, and saving resolves it again,
 * creates the transfer recipient and then stores it. Nothing of it is logged.
 */

/** Whose payout account: a restaurant, paid in its country, or a rider, who may be paid in any. */
export type PayeeOf = (Payee & { payee: 'restaurant'; country: string }) | (Payee & { payee: 'rider' });

/** The caller's own payee, for the bank list and resolving: their restaurant (owners) or themselves (riders). */
async function callerPayee(db: Queryable, user: AuthUser): Promise<PayeeOf> {
  if (user.role === 'restaurant') {
    const restaurant = await findOwnedRestaurant(db, user.userId);
    if (!restaurant) throw unprocessable(PAYOUT_MESSAGES.noRestaurant);
    return { payee: 'restaurant', payeeId: restaurant.id, country: restaurant.country };
  }
  return { payee: 'rider', payeeId: user.userId };
}

/** A restaurant is paid in its own country, with a kind of account used there (400 otherwise). */
function restaurantPlace(type: PayoutRecipientType, country: string): PayoutPlace {
  const place = recipientTypesIn(country).includes(type) ? payoutPlaceOf(type, country) : undefined;
  if (!place) {
    const message = PAYOUT_MESSAGES.typeNotInCountry(PAYOUT_RECIPIENT_TYPES[type].label, country);
    throw badRequest(message, { recipientType: message });
  }
  return place;
}

/**
 * Where an account of this type is held: a restaurant's country; a bank account's own country;
 * for a rider's mobile money the country asked for, or else the one whose providers include the
 * bank code.
 */
async function placeFor(
  keys: PaystackKeys,
  payee: PayeeOf,
  type: PayoutRecipientType,
  hint: { country?: string; bankCode?: string },
): Promise<PayoutPlace> {
  if (payee.payee === 'restaurant') return restaurantPlace(type, payee.country);
  const place = payoutPlaceOf(type, hint.country);
  if (place) return place;
  if (hint.bankCode) {
    for (const country of MOBILE_MONEY_COUNTRIES) {
      const bank = await askForRequest(() => findBank(keys, country, type, hint.bankCode!), providerUnavailable);
      if (bank) return payoutPlaceOf(type, country)!;
    }
    throw badRequest(PAYOUT_MESSAGES.unknownBank, { bankCode: PAYOUT_MESSAGES.unknownBank });
  }
  throw badRequest(PAYOUT_MESSAGES.country, { country: PAYOUT_MESSAGES.country });
}

/** GET /api/payouts/banks: the banks or providers the caller may be paid through, for a kind of account. */
export async function listPayoutBanks(ctx: PayoutContext, user: AuthUser, query: PayoutBanksQuery): Promise<PayoutBankList> {
  const keys = requireKeys(ctx.config);
  const payee = await callerPayee(ctx.db, user);
  const place = await placeFor(keys, payee, query.recipientType, { country: query.country });
  const banks = await askForRequest(() => banksOf(keys, place.country, query.recipientType), providerUnavailable);
  return { banks };
}

/** The account's country and currency, and its bank, which must be one of Paystack's for that country and type (400). */
async function accountTarget(
  keys: PaystackKeys,
  payee: PayeeOf,
  input: PayoutAccountInput,
): Promise<{ place: PayoutPlace; bank: Bank }> {
  const place = await placeFor(keys, payee, input.recipientType, { bankCode: input.bankCode });
  const bank = await askForRequest(() => findBank(keys, place.country, input.recipientType, input.bankCode), providerUnavailable);
  if (!bank) throw badRequest(PAYOUT_MESSAGES.unknownBank, { bankCode: PAYOUT_MESSAGES.unknownBank });
  return { place, bank };
}

/** Paystack's name for the account's holder; 422 when it cannot find the account. */
const resolveName = (keys: PaystackKeys, input: PayoutAccountInput) =>
  askForRequest(
    () => resolveAccount(keys, { accountNumber: input.accountNumber, bankCode: input.bankCode }),
    () => unprocessable(PAYOUT_MESSAGES.notResolved),
  );

/** POST /api/payouts/resolve: the holder's name, for the form to show before the account is saved. */
export async function resolvePayoutAccount(
  ctx: PayoutContext,
  user: AuthUser,
  input: PayoutAccountInput,
): Promise<PayoutResolved> {
  const keys = requireKeys(ctx.config);
  await accountTarget(keys, await callerPayee(ctx.db, user), input);
  return { accountName: await resolveName(keys, input) };
}

const toView = (row: PayoutAccountRow | undefined): PayoutAccountView =>
  row
    ? {
        recipientType: row.recipientType,
        bankCode: row.bankCode,
        bankName: row.bankName,
        accountNumberLast4: row.accountNumber.slice(-4),
        accountName: row.accountName,
        currency: row.currency,
        updatedAt: row.updatedAt.toISOString(),
      }
    : NO_PAYOUT_ACCOUNT;

/** GET .../payout-account: the payee's account, every field null when they have none. */
export async function readPayoutAccount(db: Queryable, payee: Payee): Promise<PayoutAccountView> {
  return toView(await findPayoutAccount(db, payee));
}

/**
 * PUT .../payout-account: resolves the account with Paystack again (whatever the form was shown),
 * creates its transfer recipient, then saves it in place of the payee's old one. Refused (409)
 * while a payout of theirs is under way, so a payout always goes to the account it was made for.
 */
export async function savePayoutAccount(
  ctx: PayoutContext,
  user: AuthUser,
  payee: PayeeOf,
  input: PayoutAccountInput,
): Promise<PayoutAccountView> {
  const keys = requireKeys(ctx.config);
  const { place, bank } = await accountTarget(keys, payee, input);
  const accountName = await resolveName(keys, input);
  if (await findOpenPayout(ctx.db, payee)) throw conflict(PAYOUT_MESSAGES.payoutUnderWay);
  const recipient = await askForRequest(
    () =>
      createRecipient(keys, {
        type: input.recipientType,
        name: accountName,
        accountNumber: input.accountNumber,
        bankCode: input.bankCode,
        currency: place.currency,
      }),
    () => unprocessable(PAYOUT_MESSAGES.notResolved),
  );
  const saved = await ctx.db.transaction(async (tx) => {
    await lockPayees(tx, [payee]);
    if (await findOpenPayout(tx, payee)) throw conflict(PAYOUT_MESSAGES.payoutUnderWay);
    return upsertPayoutAccount(tx, {
      payee: payee.payee,
      payeeId: payee.payeeId,
      recipientType: input.recipientType,
      bankCode: bank.code,
      bankName: recipient.bankName ?? bank.name,
      accountNumber: input.accountNumber,
      accountName,
      currency: place.currency,
      recipientCode: recipient.recipientCode,
      updatedBy: user.userId,
    });
  });
  ctx.log.info({ payee: payee.payee, payeeId: payee.payeeId, recipientType: input.recipientType }, 'payout account saved');
  return toView(saved);
}
