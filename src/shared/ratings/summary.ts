import { z } from 'zod';

/** A restaurant's average is shown once this many visible ratings back it; 'New' before (decision 027). */
export const RATINGS_SHOWN_FROM = 5;

/** The restaurant's visible food ratings as the catalog serves them: null until RATINGS_SHOWN_FROM of them. */
export const ratingSummarySchema = z.object({
  /** Stars out of 5, to one decimal. */
  average: z.number(),
  count: z.number().int(),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/** '4.3' with '(12 ratings)' for screen readers and tooltips, or 'New' while too few ratings back an average. */
export function ratingLabel(rating: RatingSummary | null): { short: string; long: string } {
  if (!rating) return { short: 'New', long: 'New: not enough ratings yet' };
  const average = rating.average.toFixed(1);
  return { short: average, long: `${average} out of 5 from ${rating.count} ratings` };
}
