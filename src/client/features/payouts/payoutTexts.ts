/** What the payout account screens say. */
export const PAYOUT_ACCOUNT_TEXTS = {
  loadFailed: 'Failed to load the payout account',
  banksLoading: 'Loading...',
  banksFailed: 'Could not load the list',
  resolveFailed: 'Paystack could not check this account. Please try again.',
  saveFailed: 'Could not save the payout account. Please try again.',
  checkFirst: 'Check the account first: it is saved once Paystack has named its holder.',
  phoneHint: 'The phone number of the mobile money wallet, e.g. 0241234567.',
  saved: 'Payout account saved',
  none: 'No payout account yet',
  noneDetail: 'Add the bank account or mobile money wallet your earnings are paid to.',
  ownerOnly: "Only the restaurant's owner sets where its payouts go.",
  unsupported: 'Payouts through Paystack reach bank accounts and mobile money in Ghana, Kenya and Nigeria.',
} as const;

/** What the admin's Payouts page says. */
export const PAYOUTS_TEXTS = {
  dueFailed: 'Failed to load who is owed',
  nobodyOwed: 'Nobody is owed anything right now',
  noneFound: 'No payees found',
  balanceFailed: 'Could not load the Paystack balance',
  noBalance: 'Paystack holds no balance yet',
  payoutsFailed: 'Failed to load the payouts',
  noPayouts: 'No payouts yet',
  noPayoutsInStatus: 'No payouts with this status',
  payFailed: 'Could not start the payout. Please try again.',
  otpFailed: 'Paystack did not accept the OTP. Please try again.',
  otpResendFailed: 'Paystack did not send a new OTP. Please try again.',
} as const;
