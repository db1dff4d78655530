import { describe, expect, it } from 'vitest';
import { useLoggedApps } from '../test/loggedApp.js';

const docsStatus = async (settings: Record<string, string>, appWith: ReturnType<typeof useLoggedApps>) => {
  const { app } = await appWith(settings);
  const [json, page] = await Promise.all(['/api/docs/json', '/api/docs'].map((url) => app.inject({ method: 'GET', url })));
  return [json!.statusCode, page!.statusCode === 302 ? 200 : page!.statusCode];
};

describe('the OpenAPI document', () => {
  const appWith = useLoggedApps();

  it('is not served in production by default, NODE_ENV or an https PUBLIC_URL alike', async () => {
    expect(await docsStatus({ NODE_ENV: 'production' }, appWith)).toEqual([404, 404]);
    expect(await docsStatus({ NODE_ENV: 'development', PUBLIC_URL: 'https://food.example.com' }, appWith)).toEqual([404, 404]);
  });

  it('is served in production with OPENAPI=1, and in development unless OPENAPI=0', async () => {
    expect(await docsStatus({ NODE_ENV: 'production', OPENAPI: '1' }, appWith)).toEqual([200, 200]);
    expect(await docsStatus({ NODE_ENV: 'development' }, appWith)).toEqual([200, 200]);
    expect(await docsStatus({ NODE_ENV: 'development', OPENAPI: '0' }, appWith)).toEqual([404, 404]);
  });
});
