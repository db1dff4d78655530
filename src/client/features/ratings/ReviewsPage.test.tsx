import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { managedRestaurantListSchema } from '@shared/orders/sales.js';
import { RATING_MESSAGES, reviewPageSchema, reviewSchema, type Review } from '@shared/ratings/schemas.js';
import { fakeServer, reply } from '@/test/fakeServer.js';
import { renderPage, sessionFor } from '@/test/render.js';
import ReviewsPage from './ReviewsPage.js';

const RESTAURANT_ID = '0b6f3c52-3f0e-4b8e-9f5e-6a1d2c3b4a50';
const REVIEW: Review = {
  orderId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  foodStars: 3,
  comment: 'The waakye was cold',
  customerFirstName: 'Ama',
  createdAt: '2026-11-27T12:00:00.000Z',
  reply: null,
  repliedAt: null,
  hidden: false,
};
const TALLY = { count: 6, average: 4.2 };

function reviewsServer(reviews: () => Review[]) {
  return fakeServer({
    'GET /api/restaurants/managed': () =>
      reply(managedRestaurantListSchema, [{ id: RESTAURANT_ID, name: 'Chop House Osu', currencySymbol: 'GH₵' }]),
    'GET /api/restaurants/:id/reviews': () => reply(reviewPageSchema, { items: reviews(), nextCursor: null, tally: TALLY }),
    'PUT /api/restaurants/:id/reviews/:orderId/reply': () =>
      reply(reviewSchema, { ...REVIEW, reply: 'Sorry, Ama', repliedAt: '2026-11-27T13:00:00.000Z' }),
  });
}

const renderReviews = (role: 'restaurant' | 'manager') =>
  renderPage(<ReviewsPage />, { path: '/restaurant/manager/reviews', session: sessionFor(role) });

describe('the reviews page', () => {
  it('lets the owner reply once: the reply is sent, then shown in place of the form', async () => {
    let replied = false;
    const server = reviewsServer(() => [replied ? { ...REVIEW, reply: 'Sorry, Ama' } : REVIEW]);
    const { user } = renderReviews('restaurant');

    const review = await screen.findByRole('article', { name: 'Ama, 3 out of 5' });
    expect(screen.getByText('4.2')).toBeTruthy();
    expect(screen.getByText('from 6 ratings')).toBeTruthy();
    await user.type(within(review).getByLabelText('Your reply'), '  Sorry, Ama  ');
    replied = true;
    await user.click(within(review).getByRole('button', { name: 'Post reply' }));

    await waitFor(() =>
      expect(server.sent('PUT', `/api/restaurants/${RESTAURANT_ID}/reviews/${REVIEW.orderId}/reply`)).toHaveLength(1),
    );
    expect(server.sent('PUT', `/api/restaurants/${RESTAURANT_ID}/reviews/${REVIEW.orderId}/reply`)[0]?.body).toEqual({
      text: 'Sorry, Ama',
    });
    expect(await within(review).findByText('Sorry, Ama')).toBeTruthy();
    expect(within(review).queryByLabelText('Your reply')).toBeNull();
  });

  it('shows a manager the reviews without a reply form, and a hidden review as hidden', async () => {
    reviewsServer(() => [{ ...REVIEW, hidden: true }]);
    renderReviews('manager');
    const review = await screen.findByRole('article', { name: 'Ama, 3 out of 5' });
    expect(within(review).getByText(/Hidden by ChopChop/)).toBeTruthy();
    expect(within(review).queryByLabelText('Your reply')).toBeNull();
  });

  it("says 'No reviews yet' before the first", async () => {
    reviewsServer(() => []);
    renderReviews('restaurant');
    expect(await screen.findByText(RATING_MESSAGES.empty)).toBeTruthy();
  });
});
