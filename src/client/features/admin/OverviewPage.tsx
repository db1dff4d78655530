import { PageTitle } from '@/app/layouts/PageMain.js';

export default function OverviewPage() {
  return <PageTitle>Overview</PageTitle>;
}
