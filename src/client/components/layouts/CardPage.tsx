import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card.js';
import { Brand } from './Brand.js';

interface CardPageProps {
  heading: string;
  /** Read by screen readers only, when the card's content says it plainly enough (the sign-in tabs). */
  headingHidden?: boolean;
  description: ReactNode;
  children: ReactNode;
}

/** A screen of one card, reached signed out (/auth, /invitation): a way home, the brand, a heading and a line under it. */
export function CardPage({ heading, headingHidden = false, description, children }: CardPageProps) {
  return (
    <main className="min-h-dvh bg-gradient-to-b from-accent via-background to-background">
      <div className="mx-auto flex max-w-lg flex-col gap-4 px-4 py-4 sm:py-8">
        <Button asChild variant="ghost" size="sm" className="self-start">
          <Link to="/">← Home</Link>
        </Button>
        <Card className="gap-4">
          <CardHeader className="items-center text-center">
            <Brand className="justify-center" />
            <h1 className={headingHidden ? 'sr-only' : 'text-xl font-semibold'}>{heading}</h1>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </div>
    </main>
  );
}
