import { AuthTextProvider } from '@cartwheel/auth/components/auth-text';
import { ResetPasswordForm } from '@cartwheel/auth/components/reset-password-form';
import { SignInForm } from '@cartwheel/auth/components/sign-in-form';
import { SignUpForm } from '@cartwheel/auth/components/sign-up-form';
import { useMe } from '@cartwheel/shared/use-me';
import { Card, CardContent, CardDescription, CardHeader } from '@cartwheel/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@cartwheel/ui/tabs';
import { type ReactNode, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { BackLink } from '../components/back-link.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { useAuthFormText } from '../features/auth/components/auth-text.ts';
import { useT } from '../i18n/i18n.tsx';
import { safeReturnTo } from '../lib/return-to.ts';

function AuthFrame({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  const t = useT();
  const text = useAuthFormText();
  return (
    <AuthTextProvider value={text}>
      <div className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-10 sm:py-16">
        <Card>
          <CardHeader className="text-center">
            <h1 className="font-bold text-2xl tracking-tight">{title}</h1>
            <CardDescription>{subtitle}</CardDescription>
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
        <BackLink to="/" className="justify-center self-center px-2 py-1">
          {t('error.backToStore')}
        </BackLink>
      </div>
    </AuthTextProvider>
  );
}

/**
 * /auth: sign in or sign up; /auth?mode=signup&email=...: the sign-up tab with the email filled in
 * (the offer after a guest purchase); /auth?mode=reset&token=...: set a new password.
 */
export function AuthRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { isSignedIn, isLoading } = useMe();
  const [tab, setTab] = useState(params.get('mode') === 'signup' ? 'sign-up' : 'sign-in');
  const location = useLocation();
  const t = useT();
  // Back where the shopper came from (a path of this shop only), else My Account; a state such as
  // "open the cart" travels along.
  const returnTo = safeReturnTo(params.get('redirectTo'));
  const goToAccount = () => navigate(returnTo, { replace: true, state: location.state });

  if (params.get('mode') === 'reset') {
    return (
      <AuthFrame title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')}>
        <PageTitle page={t('auth.reset.title')} />
        <ResetPasswordForm token={params.get('token') ?? ''} onDone={goToAccount} />
      </AuthFrame>
    );
  }
  if (isLoading) return <PageLoader />;
  if (isSignedIn) return <Navigate to={returnTo} replace state={location.state} />;

  return (
    <AuthFrame title={t('auth.welcome')} subtitle={t('auth.subtitle')}>
      <PageTitle page={t('account.signIn')} />
      <Tabs value={tab} onValueChange={setTab} className="gap-6!">
        <TabsList className="grid! w-full! grid-cols-2">
          <TabsTrigger value="sign-in">{t('account.signIn')}</TabsTrigger>
          <TabsTrigger value="sign-up">{t('auth.signUp')}</TabsTrigger>
        </TabsList>
        <TabsContent value="sign-in">
          <SignInForm onSignedIn={goToAccount} />
        </TabsContent>
        <TabsContent value="sign-up">
          <SignUpForm onSignedUp={goToAccount} defaultEmail={params.get('email') ?? ''} />
        </TabsContent>
      </Tabs>
    </AuthFrame>
  );
}
