import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { INVITATION_MESSAGES, type InvitationView } from '@shared/restaurants/invitations.js';
import type { AuthRedirectState } from '@/lib/access.js';
import { CardPage } from '@/components/layouts/CardPage.js';
import { Button } from '@/components/ui/button.js';
import { Spinner } from '@/components/ui/spinner.js';
import { errorMessage } from '@/lib/apiError.js';
import { notifySuccess } from '@/lib/toast.js';
import { useAuth } from '@/lib/authContext.js';
import { InvitationSignUpForm } from './InvitationSignUpForm.js';
import { acceptInvitation, invitationQuery } from './invitationApi.js';

const MANAGER_HOME = '/restaurant/manager';

function Problem({ children }: { children: string }) {
  return (
    <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">
      {children}
    </p>
  );
}

/** Signed in: accept with this account (the server checks it is the invited email's manager account). */
function AcceptInvitation({
  token,
  invitation,
  onAccepted,
}: {
  token: string;
  invitation: InvitationView;
  onAccepted: () => void;
}) {
  const { user, signOut } = useAuth();
  const queryClient = useQueryClient();
  const acceptance = useMutation({
    mutationFn: () => acceptInvitation(token),
    // The restaurants this manager follows have changed.
    onSuccess: async () => {
      await queryClient.invalidateQueries();
      onAccepted();
    },
  });
  const signedInAs = (
    <p className="text-sm">
      You are signed in as <span className="font-medium break-all">{user?.email}</span>.
    </p>
  );
  // Another account cannot accept (the server refuses it): it is offered the way out, not a button that fails.
  if (user && user.email !== invitation.email) {
    return (
      <div className="grid gap-4">
        {signedInAs}
        <Problem>{INVITATION_MESSAGES.otherEmail}</Problem>
        <Button size="lg" className="w-full" onClick={() => void signOut()}>
          Sign Out
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      {signedInAs}
      {acceptance.isError && (
        <Problem>{errorMessage(acceptance.error, 'Could not accept the invitation. Please try again.')}</Problem>
      )}
      <Button size="lg" className="w-full" busy={acceptance.isPending} onClick={() => acceptance.mutate()}>
        {acceptance.isPending ? 'Accepting...' : `Accept and manage ${invitation.restaurantName}`}
      </Button>
    </div>
  );
}

/** Signed out, the invited email has an account: sign in, then come back here to accept. */
function SignInToAccept({ email }: { email: string }) {
  const location = useLocation();
  const state: AuthRedirectState = { from: { pathname: location.pathname, search: location.search } };
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        <span className="font-medium break-all">{email}</span> has an account. Sign in with it, then accept here.
      </p>
      <Button asChild size="lg" className="w-full">
        <Link to="/auth" state={state}>
          Sign In to Accept
        </Link>
      </Button>
    </div>
  );
}

/** /invitation?token=…: the page an emailed invitation to manage a restaurant opens. */
export default function InvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { user, loading } = useAuth();
  const invitation = useQuery({ ...invitationQuery(token), enabled: token !== '' });

  function accepted(restaurantName: string) {
    notifySuccess(INVITATION_MESSAGES.accepted(restaurantName));
    void navigate(MANAGER_HOME, { replace: true });
  }

  let body;
  if (!token) body = <Problem>{INVITATION_MESSAGES.linkInvalid}</Problem>;
  else if (invitation.isPending || loading) body = <Spinner label="Loading the invitation" className="mx-auto" />;
  else if (invitation.isError) body = <Problem>{errorMessage(invitation.error, INVITATION_MESSAGES.linkInvalid)}</Problem>;
  else {
    const view = invitation.data;
    const done = () => accepted(view.restaurantName);
    if (user) body = <AcceptInvitation token={token} invitation={view} onAccepted={done} />;
    else if (view.hasAccount) body = <SignInToAccept email={view.email} />;
    else body = <InvitationSignUpForm token={token} email={view.email} onAccepted={done} />;
  }

  return (
    <CardPage
      heading={invitation.data ? `Manage ${invitation.data.restaurantName}` : 'Invitation to manage a restaurant'}
      description={
        invitation.data
          ? `You are invited, as ${invitation.data.email}, to follow this restaurant's sales on ChopChop.`
          : 'Managers follow a restaurant’s sales on ChopChop.'
      }
    >
      {body}
    </CardPage>
  );
}
