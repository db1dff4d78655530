import { PublicLayout } from '@/app/layouts/PublicLayout.js';
import { PageTitle } from '@/app/layouts/PageMain.js';

export default function DiscoveryPage() {
  return (
    <PublicLayout>
      <PageTitle>Restaurants</PageTitle>
    </PublicLayout>
  );
}
