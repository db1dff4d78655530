import { DriverNav } from '@/components/layouts/DriverNav.js';
import { PageTitle } from '@/components/layouts/PageMain.js';
import { SignedInLayout } from '@/components/layouts/SignedInLayout.js';
import { useAuth } from '@/lib/authContext.js';
import { countryOfPhone, RIDER_PAYOUT_COUNTRIES } from './payoutChoices.js';
import { PayoutAccountCard } from './PayoutAccountCard.js';
import { RIDER_PAYOUT_ACCOUNT_PATH } from './payoutsApi.js';

/** /driver/payout-account: where the rider's earnings are paid: a bank account, or mobile money in Ghana or Kenya. */
export default function DriverPayoutAccountPage() {
  const { session } = useAuth();
  const phoneCountry = countryOfPhone(session?.user.profile.phone ?? '');
  return (
    <SignedInLayout title="Driver Dashboard">
      <div className="grid gap-6">
        <PageTitle>Payout account</PageTitle>
        <DriverNav />
        <div className="max-w-3xl">
          <PayoutAccountCard
            path={RIDER_PAYOUT_ACCOUNT_PATH}
            countries={RIDER_PAYOUT_COUNTRIES}
            defaultCountry={phoneCountry ?? RIDER_PAYOUT_COUNTRIES[0]}
            payee="you"
          />
        </div>
      </div>
    </SignedInLayout>
  );
}
