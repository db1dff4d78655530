import { describe, expect, it } from 'vitest';
import { createUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { pngImage } from '../test/images.js';
import { isOwnUpload } from './references.js';

describe('isOwnUpload', () => {
  const t = useTestApp();

  it("accepts only the user's own upload, in one of the buckets asked for", async () => {
    const owner = await createUser(t, { role: 'restaurant' });
    const other = await createUser(t, { role: 'restaurant' });
    const stored = await t.app.storage.upload(t.app.db, 'food-images', await pngImage(), owner.userId);
    const deps = { db: t.app.db, storage: t.app.storage };

    expect(await isOwnUpload(deps, stored.url, owner.userId, ['food-images'])).toBe(true);
    expect(await isOwnUpload(deps, stored.url, other.userId, ['food-images'])).toBe(false);
    expect(await isOwnUpload(deps, stored.url, owner.userId, ['profile-pictures'])).toBe(false);
    expect(await isOwnUpload(deps, 'https://example.com/jollof.webp', owner.userId, ['food-images'])).toBe(false);
    expect(await isOwnUpload(deps, stored.url.replace(/[0-9a-f]{8}/, '00000000'), owner.userId, ['food-images'])).toBe(false);
  });

  it('with a folder asked for, accepts only an upload in that folder', async () => {
    const owner = await createUser(t, { role: 'restaurant' });
    const [kitchen, other] = ['3b241101-e2bb-4255-8caf-4136c566a962', '9f1c2f52-33a4-4a1e-8d0e-5a5f3c7b2d10'];
    const inFolder = await t.app.storage.upload(t.app.db, 'food-images', await pngImage(), owner.userId, kitchen);
    const loose = await t.app.storage.upload(t.app.db, 'food-images', await pngImage(), owner.userId);
    const deps = { db: t.app.db, storage: t.app.storage };

    expect(inFolder.url).toBe(`/api/files/food-images/${kitchen}/${inFolder.fileName}`);
    expect(await isOwnUpload(deps, inFolder.url, owner.userId, ['food-images'], kitchen)).toBe(true);
    expect(await isOwnUpload(deps, inFolder.url, owner.userId, ['food-images'], other)).toBe(false);
    expect(await isOwnUpload(deps, inFolder.url.replace(kitchen, other), owner.userId, ['food-images'], other)).toBe(false);
    expect(await isOwnUpload(deps, loose.url, owner.userId, ['food-images'], kitchen)).toBe(false);
  });
});
