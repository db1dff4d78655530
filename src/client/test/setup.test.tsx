import { Worker } from 'node:worker_threads';
import { expect, it } from 'vitest';
import { sessionStore } from '@/lib/sessionStore.js';
import { sessionFor } from './render.js';

/** What another test file's thread sends when its test signs in: the session store's tab message. */
function signInFromAnotherThread() {
  const message = { type: 'session', session: sessionFor('driver') };
  const worker = new Worker(
    `const channel = new BroadcastChannel('chopchop-session');
     channel.postMessage(${JSON.stringify(message)});
     channel.close();`,
    { eval: true },
  );
  return new Promise((resolve) => worker.once('exit', resolve));
}

it("keeps this file's pages signed out when a test in another thread signs in", async () => {
  sessionStore.set(null);
  sessionStore.subscribe(() => undefined);
  await signInFromAnotherThread();
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(sessionStore.get()).toBeNull();
});
