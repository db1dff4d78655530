import { SignedInLayout } from '@/app/layouts/SignedInLayout.js';
import { PageTitle } from '@/app/layouts/PageMain.js';

export default function CheckoutPage() {
  return (
    <SignedInLayout>
      <PageTitle>Checkout</PageTitle>
    </SignedInLayout>
  );
}
