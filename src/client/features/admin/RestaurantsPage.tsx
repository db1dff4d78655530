import { PageTitle } from '@/app/layouts/PageMain.js';

export default function RestaurantsPage() {
  return <PageTitle>Restaurant Management</PageTitle>;
}
