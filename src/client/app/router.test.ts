import { isValidElement, type ComponentProps } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { accessFor, type AccessRule } from '@/lib/access.js';
import { RequireRole } from './RequireRole.js';
import { routes } from './router.js';

interface Leaf {
  path: string;
  rule: AccessRule | null;
}

/** Every page route with its full path and the guard around it. */
function leaves(list: RouteObject[], parentPath = '', parentRule: AccessRule | null = null): Leaf[] {
  return list.flatMap((route) => {
    const path = route.path ? `${parentPath.replace(/\/$/, '')}/${route.path}` : parentPath || '/';
    const element = route.element;
    const rule =
      isValidElement<ComponentProps<typeof RequireRole>>(element) && element.type === RequireRole
        ? { roles: element.props.roles, otherwise: element.props.otherwise ?? '/' }
        : parentRule;
    if (route.children) return leaves(route.children, path, rule);
    return [{ path, rule }];
  });
}

describe('routes', () => {
  const pages = leaves(routes);

  it('has every screen of the app, and the page an invitation to manage a restaurant opens', () => {
    expect(pages.map((page) => page.path).sort()).toEqual(
      [
        '/',
        '/auth',
        '/invitation',
        '/customer',
        '/customer/restaurant/:id',
        '/customer/checkout',
        '/customer/orders',
        '/restaurant',
        '/restaurant/dashboard',
        '/restaurant/setup',
        '/restaurant/edit',
        '/restaurant/manager',
        '/restaurant/manager/statement',
        '/restaurant/manager/payout-account',
        '/restaurant/manager/reviews',
        '/restaurant/menu',
        '/driver',
        '/driver/earnings',
        '/driver/statement',
        '/driver/payout-account',
        '/admin',
        '/admin/users',
        '/admin/restaurants',
        '/admin/drivers',
        '/admin/orders',
        '/admin/operations',
        '/admin/reviews',
        '/admin/verification',
        '/admin/jobs',
        '/admin/ledger',
        '/admin/payouts',
        '/admin/settings',
        '/settings/notifications',
        '/*',
      ].sort(),
    );
  });

  it('guards each page exactly as accessFor describes it', () => {
    for (const page of pages) {
      const expected = accessFor(page.path);
      expect({ path: page.path, rule: page.rule && { roles: [...page.rule.roles], otherwise: page.rule.otherwise } }).toEqual({
        path: page.path,
        rule: expected && { roles: [...expected.roles], otherwise: expected.otherwise },
      });
    }
  });

  it('loads every page lazily so each screen is its own chunk', () => {
    const withoutLazy: string[] = [];
    const visit = (list: RouteObject[]) =>
      list.forEach((route) => {
        if (route.children) visit(route.children);
        else if (!route.lazy) withoutLazy.push(route.path ?? 'index');
      });
    visit(routes);
    expect(withoutLazy).toEqual([]);
  });
});
