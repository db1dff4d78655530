import type { TestUser } from '../test/accounts.js';
import type { TestContext } from '../test/app.js';
import { multipart, pngImage } from '../test/images.js';

/** Uploads a food picture as `user`, into `folder` (a restaurant id) when given; answers the raw reply. */
export async function uploadFoodImage(t: TestContext, user: TestUser, folder?: string) {
  const form = multipart({}, { file: { data: await pngImage(), filename: 'dish.png', contentType: 'image/png' } });
  return t.app.inject({
    method: 'POST',
    url: folder ? `/api/storage/food-images?folder=${folder}` : '/api/storage/food-images',
    payload: form.payload,
    headers: { ...form.headers, ...user.authHeader },
  });
}

/** The url of a food picture `user` uploaded into the restaurant's folder. */
export async function restaurantImage(t: TestContext, user: TestUser, restaurantId: string): Promise<string> {
  const res = await uploadFoodImage(t, user, restaurantId);
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json<{ url: string }>().url;
}
