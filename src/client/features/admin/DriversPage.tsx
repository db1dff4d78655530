import { PageTitle } from '@/app/layouts/PageMain.js';

export default function DriversPage() {
  return <PageTitle>Driver Management</PageTitle>;
}
