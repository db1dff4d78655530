import { SignedInLayout } from '@/app/layouts/SignedInLayout.js';
import { PageTitle } from '@/app/layouts/PageMain.js';

export default function DriverDashboardPage() {
  return (
    <SignedInLayout>
      <PageTitle>Driver Dashboard</PageTitle>
    </SignedInLayout>
  );
}
