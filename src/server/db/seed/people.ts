import type { Role } from '@shared/auth/roles.js';
import type { Look } from './art/people.js';

/** Everyone in the demo shares this password; it is printed at start and in the README. */
export const DEMO_PASSWORD = 'password123';

export interface DemoPerson {
  key: string;
  role: Role;
  email: string;
  fullName: string;
  phone: string;
  look: Look;
}

/** One account per role, in the order they are printed. */
export const ROLE_ACCOUNTS = [
  {
    key: 'customer',
    role: 'customer',
    email: 'customer@demo.chopchop',
    fullName: 'Ama Owusu',
    phone: '+233 24 412 3456',
    look: { background: '#ffd6a5', skin: '#8d5524', shirt: '#2a9d8f', hair: { style: 'wrap', color: '#c1272d' } },
  },
  {
    key: 'osu-owner',
    role: 'restaurant',
    email: 'restaurant@demo.chopchop',
    fullName: 'Kwame Mensah',
    phone: '+233 20 555 0101',
    look: { background: '#bde0fe', skin: '#6b3e26', shirt: '#e76f51', hair: { style: 'short', color: '#1d1d1b' } },
  },
  {
    key: 'manager',
    role: 'manager',
    email: 'manager@demo.chopchop',
    fullName: 'Efua Boateng',
    phone: '+233 26 555 0202',
    look: { background: '#caffbf', skin: '#a0662f', shirt: '#3d405b', hair: { style: 'wrap', color: '#f2c230' } },
  },
  {
    key: 'driver',
    role: 'driver',
    email: 'driver@demo.chopchop',
    fullName: 'Kofi Asante',
    phone: '+233 54 555 0303',
    look: { background: '#ffc8dd', skin: '#5a3420', shirt: '#f08a24', hair: { style: 'short', color: '#2b1a12' } },
  },
  {
    key: 'admin',
    role: 'admin',
    email: 'admin@demo.chopchop',
    fullName: 'Abena Darko',
    phone: '+233 24 555 0404',
    look: { background: '#e9edc9', skin: '#7a4a2a', shirt: '#1d4e89', hair: { style: 'wrap', color: '#6a4c93' } },
  },
] as const satisfies readonly DemoPerson[];

/** The other restaurants need owners of their own: a restaurant has exactly one owner. */
const OTHER_OWNERS = [
  {
    key: 'legon-owner',
    role: 'restaurant',
    email: 'legon.waakye@demo.chopchop',
    fullName: 'Yaw Ofori',
    phone: '+233 24 555 0505',
    look: { background: '#a8dadc', skin: '#6b3e26', shirt: '#588157', hair: { style: 'short', color: '#1d1d1b' } },
  },
  {
    key: 'labone-owner',
    role: 'restaurant',
    email: 'labone.chopbar@demo.chopchop',
    fullName: 'Akosua Addo',
    phone: '+233 20 555 0606',
    look: { background: '#f4acb7', skin: '#8d5524', shirt: '#9d0208', hair: { style: 'wrap', color: '#1f7a3e' } },
  },
  {
    key: 'airport-owner',
    role: 'restaurant',
    email: 'airport.grill@demo.chopchop',
    fullName: 'Kojo Annan',
    phone: '+233 27 555 0707',
    look: { background: '#ffe5d9', skin: '#5a3420', shirt: '#264653', hair: { style: 'short', color: '#2b1a12' } },
  },
  {
    key: 'spintex-owner',
    role: 'restaurant',
    email: 'spintex.kenkey@demo.chopchop',
    fullName: 'Adwoa Sarpong',
    phone: '+233 55 555 0808',
    look: { background: '#d8e2dc', skin: '#a0662f', shirt: '#e9c46a', hair: { style: 'wrap', color: '#e07a1f' } },
  },
] as const satisfies readonly DemoPerson[];

export const DEMO_PEOPLE = [...ROLE_ACCOUNTS, ...OTHER_OWNERS];
export type PersonKey = (typeof DEMO_PEOPLE)[number]['key'];

/** What main.ts prints at start. */
export const DEMO_ACCOUNTS = ROLE_ACCOUNTS.map(({ role, email }) => ({ role, email, password: DEMO_PASSWORD }));

/** The demo driver's vehicle and where they wait for orders (Osu, near Oxford Street). */
export const DEMO_DRIVER = {
  vehicleType: 'bike',
  vehicleYear: 2021,
  vehicleModel: 'Honda CG 125',
  plateNumber: 'GR 2451-21',
  latitude: 5.5583,
  longitude: -0.1831,
} as const;
