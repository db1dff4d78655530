import { PageTitle } from '@/app/layouts/PageMain.js';

export default function UsersPage() {
  return <PageTitle>User Management</PageTitle>;
}
