import { SignedInLayout } from '@/app/layouts/SignedInLayout.js';
import { PageTitle } from '@/app/layouts/PageMain.js';

export default function DashboardPage() {
  return (
    <SignedInLayout>
      <PageTitle>Restaurant Dashboard</PageTitle>
    </SignedInLayout>
  );
}
