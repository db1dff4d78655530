import { EARNINGS_MESSAGES } from '@shared/drivers/earnings.js';
import { topics } from '@shared/realtime/events.js';
import { PageTitle } from '@/components/layouts/PageMain.js';
import { SignedInLayout } from '@/components/layouts/SignedInLayout.js';
import { StatementView } from '@/components/ledger/StatementView.js';
import { DriverNav } from '@/components/layouts/DriverNav.js';
import { useAuth } from '@/lib/authContext.js';

/** /driver/statement: the rider's earnings account over a period, entry by entry, with its CSV. */
export default function StatementPage() {
  const { user } = useAuth();
  return (
    <SignedInLayout title="Driver Dashboard">
      <div className="grid gap-6">
        <PageTitle>Statement</PageTitle>
        <DriverNav />
        <StatementView
          path="/api/drivers/me/statement"
          downloadName="earnings"
          owedTo="you"
          emptyTitle={EARNINGS_MESSAGES.noEarnings}
          topic={user && topics.driver(user.id)}
        />
      </div>
    </SignedInLayout>
  );
}
