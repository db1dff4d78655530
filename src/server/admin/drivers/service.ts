import { ADMIN_DRIVER_MESSAGES, type AdminDriversQuery, type AdminDriverView } from '@shared/admin/drivers.js';
import type { RiderCash } from '@shared/drivers/cash.js';
import type { Page } from '@shared/paging.js';
import type { Db, Queryable } from '../../db/client.js';
import { toPage } from '../../db/keyset.js';
import { setDriverVerified } from '../../drivers/verification.js';
import { notFound } from '../../http/errors.js';
import { readRidersCash } from '../../ledger/riderCash.js';
import { signFileUrl } from '../../storage/urls.js';
import { findDriverRow, listDriverRows, type AdminDriverRow } from './repository.js';

/**
 * Driver Management: every driver with their vehicle, position and documents. The documents are
 * private uploads: the admin, already authorized, gets links signed for them (an <img> cannot
 * send a bearer token), valid for an hour. Each driver comes with the cash they hold per currency
 * (one more statement per page, summing the page's drivers' rider_cash entries).
 */

function toView(row: AdminDriverRow, secret: string, cash: RiderCash[]): AdminDriverView {
  return {
    userId: row.id,
    fullName: row.fullName,
    phone: row.phone,
    avatarUrl: row.avatarUrl,
    isVerified: row.isVerified,
    isAvailable: row.isAvailable,
    vehicleType: row.vehicleType,
    vehicleModel: row.vehicleModel,
    vehicleYear: row.vehicleYear,
    plateNumber: row.plateNumber,
    latitude: row.latitude,
    longitude: row.longitude,
    lastLocationUpdate: row.lastLocationUpdate?.toISOString() ?? null,
    documents: {
      driversLicense: signFileUrl(secret, row.driversLicenseUrl),
      nationalId: signFileUrl(secret, row.nationalIdUrl),
      vehicleImage: signFileUrl(secret, row.vehicleImageUrl),
    },
    cash,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listDrivers(db: Queryable, secret: string, query: AdminDriversQuery): Promise<Page<AdminDriverView>> {
  const rows = await listDriverRows(db, query);
  const cash = await readRidersCash(
    db,
    rows.slice(0, query.limit).map((row) => row.id),
  );
  return toPage(rows, query.limit, (row) => toView(row, secret, cash.get(row.id) ?? []));
}

/**
 * PATCH /api/admin/drivers/:id/verified: verifies a driver or withdraws it, which takes an
 * available driver offline in the same statement (drivers/verification.ts).
 */
export async function setVerified(db: Db, secret: string, userId: string, verified: boolean): Promise<AdminDriverView> {
  await setDriverVerified(db, userId, verified);
  const row = await findDriverRow(db, userId);
  if (!row) throw notFound(ADMIN_DRIVER_MESSAGES.notFound);
  return toView(row, secret, (await readRidersCash(db, [userId])).get(userId) ?? []);
}
