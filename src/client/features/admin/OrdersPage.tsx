import { PageTitle } from '@/app/layouts/PageMain.js';

export default function OrdersPage() {
  return <PageTitle>Order Management</PageTitle>;
}
