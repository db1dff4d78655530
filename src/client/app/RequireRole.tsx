import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { Role } from '@shared/auth/roles.js';
import { PageSpinner } from '@/components/ui/spinner.js';
import { useAuth } from '@/lib/authContext.js';
import { decideAccess, type AccessRule } from '@/lib/access.js';

interface RequireRoleProps {
  roles: readonly Role[];
  /** Where a signed-in user without one of the roles goes; signed-out visitors always go to /auth. */
  otherwise?: AccessRule['otherwise'];
  /** The guarded content; child routes (<Outlet />) when omitted. */
  children?: ReactNode;
}

/** Shows its content only to users with one of the roles (see decideAccess for the rest). */
export function RequireRole({ roles, otherwise = '/', children }: RequireRoleProps) {
  const { loading, unconfirmed, session, userRole } = useAuth();
  const location = useLocation();
  const decision = decideAccess(
    { loading, unconfirmed, signedIn: session !== null, role: userRole },
    { roles, otherwise },
    location,
  );

  if (decision.kind === 'wait') return <PageSpinner label="Checking your session" />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} state={decision.state} replace />;
  return children ?? <Outlet />;
}
