import { NavLink, Outlet } from 'react-router';
import { SignedInLayout } from '@/app/layouts/SignedInLayout.js';
import { cn } from '@/lib/cn.js';

const SECTIONS = [
  { to: '/admin', label: 'Overview', end: true },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/restaurants', label: 'Restaurants' },
  { to: '/admin/drivers', label: 'Drivers' },
  { to: '/admin/orders', label: 'Orders' },
  { to: '/admin/verification', label: 'Verification' },
  { to: '/admin/settings', label: 'Settings' },
] as const;

/** The admin area's frame: 'Admin Dashboard' header with Sign Out, the section links, then the section. */
export default function AdminLayout() {
  return (
    <SignedInLayout title="Admin Dashboard">
      <nav aria-label="Admin Panel" className="-mx-4 mb-6 overflow-x-auto px-4">
        <ul className="flex w-max gap-1 rounded-lg bg-muted p-1">
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                end={'end' in section}
                className={({ isActive }) =>
                  cn(
                    'block rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-muted-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                    isActive && 'bg-background text-foreground shadow-sm',
                  )
                }
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </SignedInLayout>
  );
}
