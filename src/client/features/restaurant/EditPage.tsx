import { SignedInLayout } from '@/app/layouts/SignedInLayout.js';
import { PageTitle } from '@/app/layouts/PageMain.js';

export default function EditPage() {
  return (
    <SignedInLayout>
      <PageTitle>Restaurant Settings</PageTitle>
    </SignedInLayout>
  );
}
