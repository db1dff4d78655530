import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { JOB_MESSAGES, troubledJobsSchema, type TroubledJob } from '@shared/jobs/schemas.js';
import { fakeServer, refuse, reply } from '@/test/fakeServer.js';
import { renderPage, sessionFor } from '@/test/render.js';
import JobsPage from './JobsPage.js';

const DEAD_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const RETRYING_ID = 'a1b2c3d4-e5f6-4789-8abc-def012345678';

const dead: TroubledJob = {
  id: DEAD_ID,
  queue: 'email',
  state: 'dead',
  tries: 9,
  error: '451 mailbox busy, try again later',
  createdAt: '2026-11-27T08:00:00.000Z',
  nextTryAt: null,
};
const retrying: TroubledJob = {
  id: RETRYING_ID,
  queue: 'refund',
  state: 'retrying',
  tries: 2,
  error: 'Paystack did not answer',
  createdAt: '2026-11-27T08:05:00.000Z',
  nextTryAt: '2026-11-27T08:06:00.000Z',
};

describe('the admin Jobs page', () => {
  it('lists dead and retrying jobs with their error, and retries a dead one, which then leaves the list', async () => {
    let jobs = [retrying, dead];
    const server = fakeServer({
      'GET /api/admin/jobs': () => reply(troubledJobsSchema, { items: jobs }),
      'POST /api/admin/jobs/:queue/:id/retry': () => {
        jobs = [retrying];
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderPage(<JobsPage />, { session: sessionFor('admin') });

    const failedJobs = () => within(screen.getByRole('list', { name: 'Failed jobs' }));
    const list = within(await screen.findByRole('list', { name: 'Failed jobs' }));
    expect(list.getAllByRole('listitem')).toHaveLength(2);
    expect(list.getByText('Card refund')).toBeTruthy();
    expect(list.getByText('Retrying')).toBeTruthy();
    expect(list.getByText('Paystack did not answer')).toBeTruthy();
    expect(list.getByText('451 mailbox busy, try again later')).toBeTruthy();
    expect(list.getByText(/9 tries/)).toBeTruthy();
    // Only the dead job can be retried by hand: the other tries again by itself.
    const retry = list.getAllByRole('button', { name: /^Retry Email job/ });
    expect(retry).toHaveLength(1);

    await user.click(retry[0]!);
    await waitFor(() => expect(server.sent('POST', `/api/admin/jobs/email/${DEAD_ID}/retry`)).toHaveLength(1));
    expect(await screen.findByText(JOB_MESSAGES.retried)).toBeTruthy();
    // Asked of the list on the page now: the one found above may have been replaced since.
    await waitFor(() => expect(failedJobs().getAllByRole('listitem')).toHaveLength(1));
  });

  it('says so when nothing failed', async () => {
    fakeServer({ 'GET /api/admin/jobs': () => reply(troubledJobsSchema, { items: [] }) });
    renderPage(<JobsPage />, { session: sessionFor('admin') });
    expect(await screen.findByText('No failed jobs')).toBeTruthy();
  });

  it('shows the refusal of a job that ran meanwhile', async () => {
    fakeServer({
      'GET /api/admin/jobs': () => reply(troubledJobsSchema, { items: [dead] }),
      'POST /api/admin/jobs/:queue/:id/retry': () => refuse(409, { code: 'conflict', message: JOB_MESSAGES.notDead }),
    });
    const { user } = renderPage(<JobsPage />, { session: sessionFor('admin') });
    await user.click(await screen.findByRole('button', { name: /^Retry Email job/ }));
    expect(await screen.findByText(JOB_MESSAGES.notDead)).toBeTruthy();
  });
});
