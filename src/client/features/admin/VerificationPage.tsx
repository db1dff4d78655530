import { PageTitle } from '@/app/layouts/PageMain.js';

export default function VerificationPage() {
  return <PageTitle>Verification &amp; Analytics</PageTitle>;
}
