import {
  BadgeCheck,
  Bell,
  Car,
  Landmark,
  MapPinned,
  LayoutDashboard,
  ListRestart,
  MessageSquareText,
  Scale,
  Receipt,
  Settings,
  Store,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { NavLink, Outlet, useMatch } from 'react-router';
import { Brand } from '@/components/layouts/Brand.js';
import { NOTIFICATION_SETTINGS_PATH } from '@/components/layouts/NotificationSettingsLink.js';
import { PageMain } from '@/components/layouts/PageMain.js';
import {
  Sidebar,
  SidebarContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarMenuLabel,
  SidebarProvider,
  SidebarTrigger,
  useSidebar,
} from '@/components/ui/sidebar.js';
import { SignOutButton } from '@/components/layouts/SignOutButton.js';

interface Section {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Only the exact path is this section (the Overview is /admin, which every other section starts with). */
  end?: boolean;
}

const SECTIONS: readonly Section[] = [
  { to: '/admin', label: 'Overview', icon: LayoutDashboard, end: true },
  { to: '/admin/users', label: 'Users', icon: Users },
  { to: '/admin/restaurants', label: 'Restaurants', icon: Store },
  { to: '/admin/drivers', label: 'Drivers', icon: Car },
  { to: '/admin/orders', label: 'Orders', icon: Receipt },
  { to: '/admin/operations', label: 'Operations', icon: MapPinned },
  { to: '/admin/reviews', label: 'Reviews', icon: MessageSquareText },
  { to: '/admin/verification', label: 'Verification', icon: BadgeCheck },
  { to: '/admin/jobs', label: 'Jobs', icon: ListRestart },
  { to: '/admin/ledger', label: 'Ledger', icon: Scale },
  { to: '/admin/payouts', label: 'Payouts', icon: Landmark },
  { to: '/admin/settings', label: 'Settings', icon: Settings },
];

const PANEL = 'Admin Panel';

/** The admin's own settings, apart from the platform's sections: the page is every signed-in user's. */
const ACCOUNT_SECTIONS: readonly Section[] = [{ to: NOTIFICATION_SETTINGS_PATH, label: 'Notifications', icon: Bell }];
const ACCOUNT = 'Your account';

function SectionLink({ section }: { section: Section }) {
  const active = useMatch({ path: section.to, end: section.end ?? false }) !== null;
  const { isMobile, setOpenMobile } = useSidebar();
  const Icon = section.icon;
  return (
    <SidebarMenuItem>
      <SidebarMenuButton asChild isActive={active} tooltip={section.label}>
        <NavLink to={section.to} end={section.end} onClick={() => isMobile && setOpenMobile(false)}>
          <Icon aria-hidden />
          <SidebarMenuLabel>{section.label}</SidebarMenuLabel>
        </NavLink>
      </SidebarMenuButton>
    </SidebarMenuItem>
  );
}

/**
 * The admin area's frame: the 'Admin Panel' sidebar with its twelve sections and the admin's own
 * Notifications, collapsible to icons (button or Ctrl/Cmd+B, remembered for 7 days) and a sheet on
 * phones; the 'Admin Dashboard' header with Sign Out; then the section. The router lets admins only in.
 */
export default function AdminLayout() {
  return (
    <SidebarProvider>
      <Sidebar label={PANEL}>
        <SidebarHeader>
          <Brand className="px-1 [&>span:last-child]:group-data-[collapsible=icon]:sr-only" />
        </SidebarHeader>
        <SidebarContent>
          <nav aria-label={PANEL}>
            <SidebarGroupLabel aria-hidden>{PANEL}</SidebarGroupLabel>
            <SidebarMenu>
              {SECTIONS.map((section) => (
                <SectionLink key={section.to} section={section} />
              ))}
            </SidebarMenu>
          </nav>
          <nav aria-label={ACCOUNT}>
            <SidebarGroupLabel aria-hidden>{ACCOUNT}</SidebarGroupLabel>
            <SidebarMenu>
              {ACCOUNT_SECTIONS.map((section) => (
                <SectionLink key={section.to} section={section} />
              ))}
            </SidebarMenu>
          </nav>
        </SidebarContent>
      </Sidebar>
      <SidebarInset>
        <header className="sticky top-0 z-20 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
          <div className="flex h-14 items-center gap-2 px-2 sm:px-4">
            <SidebarTrigger />
            <span className="min-w-0 truncate text-base font-semibold">Admin Dashboard</span>
            <div className="ml-auto flex items-center gap-2">
              <SignOutButton />
            </div>
          </div>
        </header>
        <PageMain>
          <Outlet />
        </PageMain>
      </SidebarInset>
    </SidebarProvider>
  );
}
