import { SignedInLayout } from '@/app/layouts/SignedInLayout.js';
import { PageTitle } from '@/app/layouts/PageMain.js';

export default function MenuManagementPage() {
  return (
    <SignedInLayout>
      <PageTitle>Menu Management</PageTitle>
    </SignedInLayout>
  );
}
