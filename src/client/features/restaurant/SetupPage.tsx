import { SignedInLayout } from '@/app/layouts/SignedInLayout.js';
import { PageTitle } from '@/app/layouts/PageMain.js';

export default function SetupPage() {
  return (
    <SignedInLayout>
      <PageTitle>Set Up Restaurant</PageTitle>
    </SignedInLayout>
  );
}
