import { PageTitle } from '@/app/layouts/PageMain.js';

export default function SettingsPage() {
  return <PageTitle>Settings</PageTitle>;
}
