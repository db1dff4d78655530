import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button.js';
import { useAuth } from '@/lib/authContext.js';

/**
 * Signs out here and in every other tab. Guarded pages then send the visitor to /auth by
 * themselves; public pages stay where they are and offer 'Sign In'.
 */
export function SignOutButton() {
  const { signOut } = useAuth();
  return (
    <Button variant="outline" size="sm" onClick={() => void signOut()}>
      <LogOut aria-hidden />
      <span className="max-sm:sr-only">Sign Out</span>
    </Button>
  );
}
