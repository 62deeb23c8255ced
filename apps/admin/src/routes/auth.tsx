import { SignInForm } from '@cartwheel/auth/components/sign-in-form';
import { SignUpForm } from '@cartwheel/auth/components/sign-up-form';
import { useMe } from '@cartwheel/shared/use-me';
import { Card, CardContent, CardDescription, CardHeader } from '@cartwheel/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@cartwheel/ui/tabs';
import { useState } from 'react';
import { type Location, Navigate, useLocation, useNavigate } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { LogoMark } from '../components/layout/logo.tsx';

/** /admin/auth: sign in or sign up; signed-in users go to /admin (or where they were headed). */
export function AuthRoute() {
  const { isSignedIn, isLoading } = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const [tab, setTab] = useState('sign-in');
  // The guard sends signed-out visitors here with the page they asked for.
  const from = (location.state as { from?: Location } | null)?.from;
  const target = from && from.pathname !== '/auth' ? `${from.pathname}${from.search}` : '/';
  const goIn = () => navigate(target, { replace: true });

  if (isLoading) return <FullPageLoader />;
  if (isSignedIn) return <Navigate to={target} replace />;

  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/40 px-4 py-10">
      <title>Sign In | Cartwheel Admin</title>
      <Card className="w-full max-w-md">
        <CardHeader className="justify-items-center text-center">
          <span className="mb-2 flex size-10 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <LogoMark className="size-6" />
          </span>
          <h1 className="font-bold text-2xl tracking-tight">Cartwheel Admin</h1>
          <CardDescription>Sign in to manage your store</CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs value={tab} onValueChange={setTab} className="gap-6">
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="sign-in">Sign In</TabsTrigger>
              <TabsTrigger value="sign-up">Sign Up</TabsTrigger>
            </TabsList>
            <TabsContent value="sign-in">
              <SignInForm onSignedIn={goIn} />
            </TabsContent>
            <TabsContent value="sign-up" className="flex flex-col gap-4">
              <p className="text-muted-foreground text-sm">
                New accounts start without back-office access; an admin grants a staff role on the Team page.
              </p>
              <SignUpForm disableWhilePasswordsDiffer onSignedUp={goIn} />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </main>
  );
}
