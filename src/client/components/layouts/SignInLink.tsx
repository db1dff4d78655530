import { LogIn } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button.js';
import type { AuthRedirectState } from '@/lib/access.js';

/** 'Sign In', remembering the current page so the user comes back to it afterwards. */
export function SignInLink() {
  const location = useLocation();
  const state: AuthRedirectState = { from: { pathname: location.pathname, search: location.search, state: location.state } };
  return (
    <Button asChild size="sm">
      <Link to="/auth" state={state}>
        <LogIn aria-hidden />
        Sign In
      </Link>
    </Button>
  );
}
