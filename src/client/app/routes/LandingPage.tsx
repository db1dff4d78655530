import { ArrowRight, Bike, ShoppingBag, Store, type LucideIcon } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { homeFor } from '@shared/auth/roles.js';
import { AppHeader } from '@/components/layouts/AppHeader.js';
import { PRODUCT_NAME } from '@/components/layouts/Brand.js';
import { Button } from '@/components/ui/button.js';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card.js';
import { useAuth } from '@/lib/authContext.js';
import { AccountActions } from '@/components/layouts/AccountActions.js';
import { slideSources } from '@/features/restaurants/carouselSlides.js';

const HERO_IMAGE = '/carousel/1.webp';

interface Audience {
  icon: LucideIcon;
  title: string;
  text: string;
  action: string;
  to: string;
}

const AUDIENCES: readonly Audience[] = [
  {
    icon: ShoppingBag,
    title: 'For Customers',
    text: 'Browse local restaurants, fill your cart and pay cash on delivery. Follow your order until it reaches your door.',
    action: 'Order Now',
    to: '/customer',
  },
  {
    icon: Store,
    title: 'For Restaurants',
    text: 'Put your menu online, get new orders the moment they are placed and see your sales after commission.',
    action: 'Partner With Us',
    to: '/auth?tab=signup&role=restaurant',
  },
  {
    icon: Bike,
    title: 'For Drivers',
    text: 'Go online when it suits you, pick up ready orders nearby and get paid for every delivery you complete.',
    action: 'Start Delivering',
    to: '/auth?tab=signup&role=driver',
  },
];

export default function LandingPage() {
  const { user } = useAuth();
  if (user?.role) return <Navigate to={homeFor(user.role)} replace />;

  return (
    <>
      <AppHeader>
        <AccountActions />
      </AppHeader>
      <main>
        <section className="bg-gradient-to-b from-accent to-background">
          <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-10 sm:py-16 md:grid-cols-2">
            <div className="grid gap-5">
              <p className="w-fit rounded-full bg-background px-3 py-1 text-xs font-medium text-primary shadow-xs">
                Accra · Lagos · Nairobi
              </p>
              <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
                Your favourite food, delivered with <span className="text-primary">{PRODUCT_NAME}</span>
              </h1>
              <p className="max-w-prose text-lg text-muted-foreground">
                Jollof, waakye, suya or pizza: order from restaurants near you, pay cash on delivery, and watch your rider bring
                it to your door.
              </p>
              <div className="flex flex-col gap-3 sm:flex-row">
                <Button asChild size="lg">
                  <Link to="/customer">
                    Browse Restaurants
                    <ArrowRight aria-hidden />
                  </Link>
                </Button>
              </div>
            </div>
            <img
              src={HERO_IMAGE}
              {...slideSources(HERO_IMAGE)}
              alt=""
              width={1200}
              height={500}
              fetchPriority="high"
              className="aspect-[12/5] w-full rounded-2xl object-cover shadow-lg"
            />
          </div>
        </section>

        <section aria-labelledby="audiences-heading" className="mx-auto max-w-6xl px-4 py-10 sm:py-16">
          <h2 id="audiences-heading" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
            One app for everyone at the table
          </h2>
          <ul className="mt-8 grid gap-4 md:grid-cols-3">
            {AUDIENCES.map(({ icon: Icon, title, text, action, to }) => (
              <li key={title} className="flex">
                <Card className="w-full">
                  <CardHeader>
                    <span className="mb-2 grid size-11 place-items-center rounded-xl bg-accent text-primary">
                      <Icon aria-hidden className="size-5" />
                    </span>
                    <CardTitle className="text-lg">{title}</CardTitle>
                  </CardHeader>
                  <CardContent className="flex-1">
                    <CardDescription className="text-base">{text}</CardDescription>
                  </CardContent>
                  <CardFooter>
                    <Button asChild variant="outline" className="w-full">
                      <Link to={to}>{action}</Link>
                    </Button>
                  </CardFooter>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      </main>
      <footer className="border-t py-6 text-center text-sm text-muted-foreground">
        © {new Date().getFullYear()} {PRODUCT_NAME}. Good food, close to home.
      </footer>
    </>
  );
}
