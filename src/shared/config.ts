import { z } from 'zod';

/** Settings the browser needs, served by GET /api/config. */
export const publicConfigSchema = z.object({
  tileUrl: z.string(),
  cardPayments: z.object({
    enabled: z.boolean(),
    publicKey: z.string().nullable(),
    scriptUrl: z.string(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
