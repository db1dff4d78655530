import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { givenRatingSchema, RATING_MESSAGES, type OrderRatingState } from '@shared/ratings/schemas.js';
import { fakeServer, refuse, reply } from '@/test/fakeServer.js';
import { renderPage, sessionFor } from '@/test/render.js';
import { OrderRating } from './OrderRating.js';

const ORDER_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600_000).toISOString();

function renderRating(rating: OrderRatingState | undefined) {
  return renderPage(
    <OrderRating order={{ id: ORDER_ID, restaurantName: 'Osu Chop Bar', rating }} listKey={['orders', 'mine']} />,
    {
      path: '/customer/orders',
      at: '/customer/orders',
      session: sessionFor('customer'),
    },
  );
}

const OPEN: OrderRatingState = { given: null, openUntil: inDays(6), withRider: true };

describe('rating a delivered order on My Orders', () => {
  it('rates with the keyboard: arrows move through the stars, then the comment and the thumb are sent, and the card shows the rating', async () => {
    const server = fakeServer({
      'POST /api/orders/:id/rating': () =>
        reply(givenRatingSchema, { foodStars: 4, comment: 'Hot and tasty', riderThumbsUp: true, reply: null }, 201),
    });
    const { user } = renderRating(OPEN);

    await user.click(screen.getByRole('button', { name: 'Rate your order from Osu Chop Bar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rate your order' });
    const stars = within(dialog).getByRole('radiogroup', { name: 'The food' });
    expect(
      within(stars)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('aria-label')),
    ).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
    within(stars).getByRole('radio', { name: '1 star' }).focus();
    // Held down while Radix moves the focus (on the next tick), as a finger on a key is: the star focused is chosen.
    for (let step = 0; step < 3; step += 1) {
      await user.keyboard('{ArrowRight>}');
      await new Promise((resolve) => setTimeout(resolve, 0));
      await user.keyboard('{/ArrowRight}');
    }
    expect(document.activeElement?.getAttribute('aria-label')).toBe('4 stars');
    expect(within(stars).getByRole('radio', { name: '4 stars' }).getAttribute('aria-checked')).toBe('true');
    await user.type(within(dialog).getByLabelText('Comment (optional)'), 'Hot and tasty');
    await user.click(within(dialog).getByRole('radio', { name: 'Thumbs up' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send rating' }));

    await waitFor(() => expect(server.sent('POST', `/api/orders/${ORDER_ID}/rating`)).toHaveLength(1));
    expect(server.sent('POST', `/api/orders/${ORDER_ID}/rating`)[0]?.body).toEqual({
      foodStars: 4,
      comment: 'Hot and tasty',
      riderThumbsUp: true,
    });
    const given = await screen.findByRole('region', { name: 'Your rating' });
    expect(within(given).getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy();
    expect(within(given).getByText('Thumbs up for the rider')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Rate your order/ })).toBeNull();
  });

  it('asks for the stars before sending anything, and offers no thumb when no rider brought the order', async () => {
    const server = fakeServer({});
    const { user } = renderRating({ ...OPEN, withRider: false });
    await user.click(screen.getByRole('button', { name: 'Rate your order from Osu Chop Bar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rate your order' });
    expect(within(dialog).queryByRole('radiogroup', { name: 'The rider' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Send rating' }));
    expect(await within(dialog).findByText(RATING_MESSAGES.stars)).toBeTruthy();
    expect(server.sent('POST', `/api/orders/${ORDER_ID}/rating`)).toHaveLength(0);
  });

  it('says why the server refused, such as a rating already given', async () => {
    fakeServer({ 'POST /api/orders/:id/rating': () => refuse(409, { code: 'conflict', message: RATING_MESSAGES.alreadyRated }) });
    const { user } = renderRating(OPEN);
    await user.click(screen.getByRole('button', { name: 'Rate your order from Osu Chop Bar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rate your order' });
    await user.click(within(dialog).getByRole('radio', { name: '5 stars' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send rating' }));
    expect(await screen.findByText(RATING_MESSAGES.alreadyRated)).toBeTruthy();
  });

  it('shows the rating given and the reply, and nothing once the window has passed', () => {
    const { unmount } = renderRating({
      given: { foodStars: 2, comment: 'Cold', riderThumbsUp: null, reply: 'Sorry, we will do better' },
      openUntil: null,
      withRider: true,
    });
    expect(screen.getByRole('img', { name: '2 out of 5 stars' })).toBeTruthy();
    expect(screen.getByText('Sorry, we will do better')).toBeTruthy();
    unmount();
    renderRating({ given: null, openUntil: null, withRider: true });
    expect(screen.queryByRole('button', { name: /Rate your order/ })).toBeNull();
  });
});
