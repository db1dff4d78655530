import { z } from 'zod';

// The Content-Security-Policy forbids eval. Zod would still try `new Function` once to find out,
// and the browser reports that attempt as a violation: tell zod not to try.
z.config({ jitless: true });
