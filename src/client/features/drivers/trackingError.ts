/** What the location card says when the browser cannot give a position (GeolocationPositionError codes). */
export const TRACKING_ERRORS = {
  denied: 'Location access is blocked. Allow it for this site in your browser settings, then go online again.',
  unavailable: 'Your location could not be found. Check that location is turned on.',
  timeout: 'Finding your location is taking long. Still trying...',
} as const;

export function trackingErrorMessage(code: number): string {
  if (code === 1) return TRACKING_ERRORS.denied;
  if (code === 3) return TRACKING_ERRORS.timeout;
  return TRACKING_ERRORS.unavailable;
}
