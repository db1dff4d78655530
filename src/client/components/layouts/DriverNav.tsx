import { Landmark, LayoutDashboard, ReceiptText, Wallet, type LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '@/lib/cn.js';

const LINKS: { to: string; label: string; icon: LucideIcon; end?: true }[] = [
  { to: '/driver', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/driver/earnings', label: 'Earnings', icon: Wallet },
  { to: '/driver/statement', label: 'Statement', icon: ReceiptText },
  { to: '/driver/payout-account', label: 'Payouts', icon: Landmark },
];

/**
 * The driver's pages, one row of four that fits a 360 px phone (smaller words there, their icons
 * from tablets up); the open one is marked as the current page. A layout piece: the driver's
 * dashboard, earnings and statement (drivers) and payout account (payouts) all show it.
 */
export function DriverNav() {
  return (
    <nav aria-label="Driver">
      <ul className="grid grid-cols-4 gap-1 rounded-lg bg-muted p-1 sm:w-fit">
        {LINKS.map(({ to, label, icon: Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                cn(
                  'flex min-h-11 items-center justify-center gap-2 rounded-md px-1 text-xs font-medium text-muted-foreground outline-none sm:px-3 sm:text-sm',
                  'focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  isActive && 'bg-background text-foreground shadow-sm',
                )
              }
            >
              <Icon aria-hidden className="size-4 max-sm:hidden" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
