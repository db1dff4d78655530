import { Store } from 'lucide-react';
import { Link } from 'react-router';
import type { Role } from '@shared/auth/roles.js';
import { Button } from '@/components/ui/button.js';
import { EmptyState } from '@/components/ui/empty-state.js';

interface NoRestaurantStateProps {
  userRole: Role | null;
  /** What a manager reads: what the page will show once an owner adds them. */
  managerHint: string;
}

/** 'No restaurant found' on a page of the restaurants someone manages: the owner is sent to set one up. */
export function NoRestaurantState({ userRole, managerHint }: NoRestaurantStateProps) {
  return (
    <EmptyState
      icon={Store}
      title="No restaurant found"
      action={
        userRole === 'restaurant' && (
          <Button asChild>
            <Link to="/restaurant/setup">Set Up Restaurant</Link>
          </Button>
        )
      }
    >
      {userRole === 'manager' && managerHint}
    </EmptyState>
  );
}
