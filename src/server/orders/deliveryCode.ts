import { randomInt } from 'node:crypto';

const DELIVERY_CODE_LENGTH = 6;

/** Six digits from the cryptographic generator, zero-padded: '004217' is as likely as any other code. */
export const newDeliveryCode = (): string => String(randomInt(0, 10 ** DELIVERY_CODE_LENGTH)).padStart(DELIVERY_CODE_LENGTH, '0');
