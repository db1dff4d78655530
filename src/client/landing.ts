import { browserStorage, mayHoldSession } from './lib/sessionHint.js';
import { installServiceWorker } from './pwa/serviceWorker.js';

/*
 * The landing page's only script. For a signed-out visitor its prerendered HTML is the whole
 * page and its links load the pages they open, so it stays plain HTML and no app code is
 * fetched. A browser that may hold a session loads the app, which hydrates the page and takes
 * the signed-in user to their home.
 */
if (mayHoldSession(browserStorage())) void import('./main.js');
else installServiceWorker();
