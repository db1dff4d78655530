/**
 * One JSON call to the API under test as a signed-in user, the way a journey sets up what its
 * screens need; any answer other than 2xx fails the journey with the server's reply.
 */
export async function callApi(
  origin: string,
  pathname: string,
  token: string,
  init: { method?: string; body?: unknown } = {},
): Promise<Record<string, unknown>> {
  const response = await fetch(`${origin}${pathname}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body: unknown = await response.json();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${pathname} answered ${response.status}: ${JSON.stringify(body)}`);
  return body as Record<string, unknown>;
}
