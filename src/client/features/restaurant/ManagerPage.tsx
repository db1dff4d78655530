import { SignedInLayout } from '@/app/layouts/SignedInLayout.js';
import { PageTitle } from '@/app/layouts/PageMain.js';

export default function ManagerPage() {
  return (
    <SignedInLayout>
      <PageTitle>Sales &amp; Transactions</PageTitle>
    </SignedInLayout>
  );
}
