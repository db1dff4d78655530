import { Bell } from 'lucide-react';
import { NavLink } from 'react-router';
import { Button } from '@/components/ui/button.js';
import { useAuth } from '@/lib/authContext.js';
import { cn } from '@/lib/cn.js';

export const NOTIFICATION_SETTINGS_PATH = '/settings/notifications';

/** 'Notifications' (which messages reach me by SMS and email) in a signed-in user's header; only its icon below laptop width, where the other header buttons need the room. */
export function NotificationSettingsLink({ className }: { className?: string }) {
  const { userRole } = useAuth();
  if (!userRole) return null;
  return (
    <Button asChild variant="ghost" size="sm" className={cn('aria-[current=page]:bg-accent', className)}>
      <NavLink to={NOTIFICATION_SETTINGS_PATH}>
        <Bell aria-hidden />
        <span className="max-lg:sr-only">Notifications</span>
      </NavLink>
    </Button>
  );
}
