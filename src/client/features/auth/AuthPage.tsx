import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { homeFor, SIGNUP_ROLES, type SignupRole } from '@shared/auth/roles.js';
import type { Me } from '@shared/auth/schemas.js';
import { CardPage } from '@/components/layouts/CardPage.js';
import { Button } from '@/components/ui/button.js';
import { PageSpinner } from '@/components/ui/spinner.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.js';
import { useAuth } from '@/lib/authContext.js';
import { destinationAfterSignIn, refusedVisit } from './afterSignIn.js';
import { ForgotPasswordForm } from './ForgotPasswordForm.js';
import { ResetPasswordForm } from './ResetPasswordForm.js';
import { SignInForm } from './SignInForm.js';
import { SignUpForm } from './SignUpForm.js';

type Tab = 'signin' | 'signup';

const signupRoleFrom = (value: string | null): SignupRole | undefined => SIGNUP_ROLES.find((role) => role === value);

/** A signed-in user the guard sent here from a page their role may not open: why, and the ways on. */
function WrongAccount({ reason, home, onSwitch }: { reason: string; home: string; onSwitch: () => void }) {
  return (
    <div role="alert" className="grid gap-4 text-center">
      <h2 className="text-lg font-semibold">This page needs another account</h2>
      <p className="text-sm text-muted-foreground">{reason}</p>
      <div className="grid gap-2">
        <Button asChild size="lg">
          <Link to={home} replace>
            Go to your home page
          </Link>
        </Button>
        <Button type="button" variant="outline" size="lg" onClick={onSwitch}>
          Sign out and use another account
        </Button>
      </div>
    </div>
  );
}

/** /auth: Sign In and Sign Up tabs, the forgot-password form, and the reset form of an emailed link (?reset=<token>). */
export default function AuthPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const resetToken = params.get('reset');
  const [tab, setTab] = useState<Tab>(params.get('tab') === 'signup' ? 'signup' : 'signin');
  const [forgotPassword, setForgotPassword] = useState(false);
  const { loading, user, signOut } = useAuth();
  // Who was signed in when /auth opened, once the session is restored. Someone signing in here is
  // sent on by goOn; someone already signed in is sent on (or told why not) below.
  const [arrivedAs, setArrivedAs] = useState(() => (loading ? undefined : user));
  if (arrivedAs === undefined && !loading) setArrivedAs(user);

  function goOn(user: Me) {
    const destination = destinationAfterSignIn(location.state, user.role);
    void navigate(destination.to, { replace: true, state: destination.state });
  }

  function switchAccount() {
    setArrivedAs(null);
    void signOut();
  }

  function backToSignIn() {
    setForgotPassword(false);
    setTab('signin');
    if (resetToken) setParams({}, { replace: true });
  }

  if (arrivedAs === undefined) return <PageSpinner label="Checking your session" />;
  const signedIn = arrivedAs !== null && user !== null && !resetToken;
  const refused = signedIn ? refusedVisit(location.state, user.role) : null;
  if (signedIn && !refused) {
    const destination = destinationAfterSignIn(location.state, user.role);
    return <Navigate to={destination.to} state={destination.state} replace />;
  }

  return (
    <CardPage
      heading="Sign in or create an account"
      headingHidden
      description="Order food, run your kitchen or deliver, all in one place."
    >
      {refused && user ? (
        <WrongAccount reason={refused} home={homeFor(user.role)} onSwitch={switchAccount} />
      ) : resetToken ? (
        <ResetPasswordForm token={resetToken} onDone={backToSignIn} />
      ) : (
        <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} className="gap-4">
          <TabsList className="grid w-full grid-cols-2">
            <TabsTrigger value="signin">Sign In</TabsTrigger>
            <TabsTrigger value="signup">Sign Up</TabsTrigger>
          </TabsList>
          <TabsContent value="signin">
            {forgotPassword ? (
              <ForgotPasswordForm onBack={backToSignIn} />
            ) : (
              <SignInForm onSignedIn={goOn} onForgotPassword={() => setForgotPassword(true)} />
            )}
          </TabsContent>
          <TabsContent value="signup">
            <SignUpForm initialRole={signupRoleFrom(params.get('role'))} onSignedUp={goOn} />
          </TabsContent>
        </Tabs>
      )}
    </CardPage>
  );
}
