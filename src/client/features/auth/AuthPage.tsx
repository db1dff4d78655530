import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { SIGNUP_ROLES, type SignupRole } from '@shared/auth/roles.js';
import type { Me } from '@shared/auth/schemas.js';
import { destinationAfterSignIn } from '@/app/afterSignIn.js';
import { Brand } from '@/app/layouts/Brand.js';
import { Button } from '@/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.js';
import { ForgotPasswordForm } from './ForgotPasswordForm.js';
import { ResetPasswordForm } from './ResetPasswordForm.js';
import { SignInForm } from './SignInForm.js';
import { SignUpForm } from './SignUpForm.js';

type Tab = 'signin' | 'signup';

const signupRoleFrom = (value: string | null): SignupRole | undefined => SIGNUP_ROLES.find((role) => role === value);

/** /auth: Sign In and Sign Up tabs, the forgot-password form, and the reset form of an emailed link (?reset=<token>). */
export default function AuthPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const resetToken = params.get('reset');
  const [tab, setTab] = useState<Tab>(params.get('tab') === 'signup' ? 'signup' : 'signin');
  const [forgotPassword, setForgotPassword] = useState(false);

  function goOn(user: Me) {
    const destination = destinationAfterSignIn(location.state, user.role);
    void navigate(destination.to, { replace: true, state: destination.state });
  }

  function backToSignIn() {
    setForgotPassword(false);
    setTab('signin');
    if (resetToken) setParams({}, { replace: true });
  }

  return (
    <main className="min-h-dvh bg-gradient-to-b from-accent via-background to-background">
      <div className="mx-auto flex max-w-lg flex-col gap-4 px-4 py-4 sm:py-8">
        <Button asChild variant="ghost" size="sm" className="self-start">
          <Link to="/">← Home</Link>
        </Button>
        <Card className="gap-4">
          <CardHeader className="items-center text-center">
            <Brand className="justify-center" />
            <h1 className="sr-only">Sign in or create an account</h1>
            <CardDescription>Order food, run your kitchen or deliver, all in one place.</CardDescription>
          </CardHeader>
          <CardContent>
            {resetToken ? (
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
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
