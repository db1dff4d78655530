import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner.js';
import { ACCESS } from '@/lib/access.js';
import { loadPageModule } from './pageModule.js';
import { RequireRole } from './RequireRole.js';
import { RootLayout } from './RootLayout.js';
import { RouteError } from './RouteError.js';

/** Code-splits a page: its module is fetched the first time the route is visited. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await loadPageModule(load)).default,
});

const restaurantDashboard = page(() => import('@/features/orders/board/BoardPage.js'));

/** Every screen of the app (the README's Status section describes them). The guards here and accessFor() in access.ts describe the same rules. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: PageSpinner,
    children: [
      { index: true, lazy: page(() => import('./routes/LandingPage.js')) },
      { path: 'auth', lazy: page(() => import('@/features/auth/AuthPage.js')) },
      { path: 'invitation', lazy: page(() => import('@/features/restaurants/invitations/InvitationPage.js')) },
      {
        path: 'customer',
        children: [
          { index: true, lazy: page(() => import('@/features/restaurants/DiscoveryPage.js')) },
          { path: 'restaurant/:id', lazy: page(() => import('@/features/restaurants/RestaurantMenuPage.js')) },
          {
            element: <RequireRole {...ACCESS.customer} />,
            children: [{ path: 'checkout', lazy: page(() => import('@/features/orders/checkout/CheckoutPage.js')) }],
          },
          {
            element: <RequireRole {...ACCESS.customerOrders} />,
            children: [{ path: 'orders', lazy: page(() => import('@/features/orders/CustomerOrdersPage.js')) }],
          },
        ],
      },
      {
        path: 'restaurant',
        children: [
          {
            path: 'manager',
            element: <RequireRole {...ACCESS.manager} />,
            children: [
              { index: true, lazy: page(() => import('@/features/orders/sales/SalesPage.js')) },
              { path: 'statement', lazy: page(() => import('@/features/ledger/StatementPage.js')) },
              { path: 'payout-account', lazy: page(() => import('@/features/payouts/RestaurantPayoutAccountPage.js')) },
              { path: 'reviews', lazy: page(() => import('@/features/ratings/ReviewsPage.js')) },
            ],
          },
          {
            element: <RequireRole {...ACCESS.restaurant} />,
            children: [
              { index: true, lazy: restaurantDashboard },
              { path: 'dashboard', lazy: restaurantDashboard },
              { path: 'setup', lazy: page(() => import('@/features/restaurants/settings/SetupPage.js')) },
              { path: 'edit', lazy: page(() => import('@/features/restaurants/settings/EditPage.js')) },
              { path: 'menu', lazy: page(() => import('@/features/menu/MenuManagementPage.js')) },
            ],
          },
        ],
      },
      {
        path: 'driver',
        element: <RequireRole {...ACCESS.driver} />,
        children: [
          { index: true, lazy: page(() => import('@/features/drivers/DriverDashboardPage.js')) },
          { path: 'earnings', lazy: page(() => import('@/features/drivers/EarningsPage.js')) },
          { path: 'statement', lazy: page(() => import('@/features/drivers/StatementPage.js')) },
          { path: 'payout-account', lazy: page(() => import('@/features/payouts/DriverPayoutAccountPage.js')) },
        ],
      },
      {
        path: 'admin',
        element: <RequireRole {...ACCESS.admin} />,
        children: [
          {
            lazy: page(() => import('@/features/admin/AdminLayout.js')),
            children: [
              { index: true, lazy: page(() => import('@/features/admin/OverviewPage.js')) },
              { path: 'users', lazy: page(() => import('@/features/admin/UsersPage.js')) },
              { path: 'restaurants', lazy: page(() => import('@/features/admin/RestaurantsPage.js')) },
              { path: 'drivers', lazy: page(() => import('@/features/admin/DriversPage.js')) },
              { path: 'orders', lazy: page(() => import('@/features/admin/OrdersPage.js')) },
              { path: 'operations', lazy: page(() => import('@/features/admin/operations/OperationsPage.js')) },
              { path: 'verification', lazy: page(() => import('@/features/admin/VerificationPage.js')) },
              { path: 'jobs', lazy: page(() => import('@/features/admin/JobsPage.js')) },
              { path: 'ledger', lazy: page(() => import('@/features/admin/LedgerPage.js')) },
              { path: 'reviews', lazy: page(() => import('@/features/admin/reviews/ReviewsPage.js')) },
              { path: 'payouts', lazy: page(() => import('@/features/payouts/PayoutsPage.js')) },
              { path: 'settings', lazy: page(() => import('@/features/admin/SettingsPage.js')) },
            ],
          },
        ],
      },
      {
        path: 'settings/notifications',
        element: <RequireRole {...ACCESS.signedIn} />,
        children: [{ index: true, lazy: page(() => import('@/features/notifications/NotificationSettingsPage.js')) }],
      },
      { path: '*', lazy: page(() => import('./routes/NotFoundPage.js')) },
    ],
  },
];
