import { z } from 'zod';
import { searchText } from '../search.js';
import { ROLES, type Role } from '../auth/roles.js';
import { uuidSchema } from '../fields.js';
import { pageQuerySchema, pageSchema } from '../paging.js';

/** User Management (the admin area's Users tab): every account, searched and paged by the server. */

export const ADMIN_USER_MESSAGES = {
  title: 'User Management',
  searchPlaceholder: 'Search users...',
  empty: 'No users found',
  loadFailed: 'Failed to load users',
  invalidId: 'That is not a valid user id',
  notFound: 'No such user',
  roleChanged: 'Role updated',
  roleFailed: 'Failed to update user role',
  disabled: 'Account disabled',
  enabled: 'Account enabled',
  disableFailed: 'Failed to update account',
  lastAdmin: 'At least one active admin must remain: make another user an admin first',
  notYourself: 'You cannot disable your own account',
  noDriverRecord: 'This user has no vehicle or documents on file: they must sign up as a driver',
} as const;

export const ROLE_LABELS: Record<Role, string> = {
  customer: 'Customer',
  restaurant: 'Restaurant',
  manager: 'Manager',
  driver: 'Driver',
  admin: 'Admin',
};

export const adminUserViewSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  fullName: z.string(),
  phone: z.string(),
  avatarUrl: z.string().nullable(),
  /** Null for an account that has no row in user_roles. */
  role: z.enum(ROLES).nullable(),
  disabled: z.boolean(),
  /** The 'Joined' date. */
  createdAt: z.string(),
});
export type AdminUserView = z.infer<typeof adminUserViewSchema>;
export const adminUserPageSchema = pageSchema(adminUserViewSchema);

/** GET /api/admin/users?q=&role=&cursor=&limit=: q is found, in any letter case, in the name, phone or email. */
export const adminUsersQuerySchema = pageQuerySchema.extend({
  q: searchText().optional(),
  role: z.enum(ROLES, { message: 'That is not a role' }).optional(),
});
export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;

export const userIdParamsSchema = z.object({ id: uuidSchema(ADMIN_USER_MESSAGES.invalidId) });

/** PATCH /api/admin/users/:id/role */
export const userRoleChangeSchema = z.object({ role: z.enum(ROLES, { message: 'That is not a role' }) });
/** PATCH /api/admin/users/:id/disabled */
export const userDisabledChangeSchema = z.object({ disabled: z.boolean({ message: 'Say whether the account is disabled' }) });
