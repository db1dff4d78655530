import { PublicLayout } from '@/app/layouts/PublicLayout.js';
import { PageTitle } from '@/app/layouts/PageMain.js';

export default function RestaurantMenuPage() {
  return (
    <PublicLayout>
      <PageTitle>Menu</PageTitle>
    </PublicLayout>
  );
}
