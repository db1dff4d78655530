import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { StatementRunner } from '../db/statements.js';
import { drivers } from '../db/schema.js';
import { createUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { PositionWriter } from './positionWriter.js';

describe('the position writer', () => {
  const t = useTestApp();

  /** The app's statements, counting how many statements reach the database. */
  function countingStatements() {
    const counted = { statements: 0 };
    const runner: StatementRunner = {
      run: (statement, params) => {
        counted.statements += 1;
        return t.app.database.statements.run(statement, params);
      },
    };
    return { runner, counted };
  }

  it('writes positions that arrive together in a few statements, and answers each driver with their own row', async () => {
    const team = await Promise.all(Array.from({ length: 60 }, () => createUser(t, { role: 'driver', verifiedDriver: true })));
    const { runner, counted } = countingStatements();
    const writer = new PositionWriter(runner);

    const answers = await Promise.all(
      team.map((driver, index) => writer.write({ driverId: driver.userId, latitude: 5 + index / 1000, longitude: -0.2 })),
    );

    expect(counted.statements).toBeLessThanOrEqual(3);
    answers.forEach((row, index) => expect(row?.latitude).toBeCloseTo(5 + index / 1000, 9));
    const stored = await t.app.db
      .select({ userId: drivers.userId, latitude: drivers.latitude })
      .from(drivers)
      .where(
        inArray(
          drivers.userId,
          team.map((driver) => driver.userId),
        ),
      );
    expect(new Map(stored.map((row) => [row.userId, row.latitude]))).toEqual(
      new Map(team.map((driver, index) => [driver.userId, 5 + index / 1000])),
    );
  });

  it('keeps only the newest of two positions a driver sent before their batch went', async () => {
    const [busy, driver] = await Promise.all([
      createUser(t, { role: 'driver', verifiedDriver: true }),
      createUser(t, { role: 'driver', verifiedDriver: true }),
    ]);
    const writer = new PositionWriter(t.app.database.statements);
    const inFlight = [writer.write({ driverId: busy.userId, latitude: 1, longitude: 1 })];
    inFlight.push(writer.write({ driverId: busy.userId, latitude: 1.5, longitude: 1.5 }));
    inFlight.push(writer.write({ driverId: driver.userId, latitude: 2, longitude: 2 }));
    inFlight.push(writer.write({ driverId: driver.userId, latitude: 3, longitude: 3 }));
    const [, , older, newer] = await Promise.all(inFlight);

    expect(older?.latitude).toBe(3);
    expect(newer?.latitude).toBe(3);
    const [row] = await t.app.db.select({ latitude: drivers.latitude }).from(drivers).where(eq(drivers.userId, driver.userId));
    expect(row?.latitude).toBe(3);
  });

  it('answers undefined for a user without a driver row, without failing the others in the batch', async () => {
    const [customer, driver] = await Promise.all([createUser(t, { role: 'customer' }), createUser(t, { role: 'driver' })]);
    const writer = new PositionWriter(t.app.database.statements);
    const [none, stored] = await Promise.all([
      writer.write({ driverId: customer.userId, latitude: 1, longitude: 1 }),
      writer.write({ driverId: driver.userId, latitude: 2, longitude: 2 }),
    ]);
    expect(none).toBeUndefined();
    expect(stored?.latitude).toBe(2);
  });
});
