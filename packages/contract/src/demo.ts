import type { Role } from './roles';

/**
 * The demo staff: one active user per role with a documented mobile number. The server seeds
 * them in demo mode, the sign-in screen lists them, and the browser journeys sign in as them.
 */
export const DEMO_STAFF: readonly { role: Role; phone: string; firstName: string; lastName: string; email: string }[] =
  [
    {
      role: 'SUPER_ADMIN',
      phone: '9000000001',
      firstName: 'Aarav',
      lastName: 'Mehta',
      email: 'aarav.mehta@lectern.example',
    },
    {
      role: 'CONTENT_ADMIN',
      phone: '9000000002',
      firstName: 'Priya',
      lastName: 'Raghavan',
      email: 'priya.raghavan@lectern.example',
    },
    {
      role: 'CONTENT_DEVELOPER',
      phone: '9000000003',
      firstName: 'Rohan',
      lastName: 'Iyer',
      email: 'rohan.iyer@lectern.example',
    },
    {
      role: 'CONTENT_UPLOADER',
      phone: '9000000004',
      firstName: 'Sneha',
      lastName: 'Kulkarni',
      email: 'sneha.kulkarni@lectern.example',
    },
    {
      role: 'FINANCE',
      phone: '9000000005',
      firstName: 'Vikram',
      lastName: 'Sethi',
      email: 'vikram.sethi@lectern.example',
    },
    {
      role: 'INSTRUCTOR',
      phone: '9000000006',
      firstName: 'Meera',
      lastName: 'Nair',
      email: 'meera.nair@lectern.example',
    },
  ];
