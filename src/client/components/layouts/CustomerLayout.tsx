import type { ReactNode } from 'react';
import { CartLink } from '@/components/cart/CartLink.js';
import { PublicLayout } from './PublicLayout.js';
import { MyOrdersLink } from './MyOrdersLink.js';

/**
 * The frame of the public customer pages: the cart when it holds something, 'My Orders' and
 * 'Sign Out' when signed in, 'Sign In' otherwise.
 */
export function CustomerLayout({ children }: { children: ReactNode }) {
  return (
    <PublicLayout
      actions={
        <>
          <CartLink />
          <MyOrdersLink />
        </>
      }
    >
      {children}
    </PublicLayout>
  );
}
