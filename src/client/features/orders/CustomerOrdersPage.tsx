import { SignedInLayout } from '@/app/layouts/SignedInLayout.js';
import { PageTitle } from '@/app/layouts/PageMain.js';

export default function CustomerOrdersPage() {
  return (
    <SignedInLayout>
      <PageTitle>My Orders</PageTitle>
    </SignedInLayout>
  );
}
