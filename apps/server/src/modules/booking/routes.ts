import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { bookingCustomerRoutes } from './booking.routes';
import { bookingPracticeRoutes } from './practice.routes';
import { shiftRoutes } from './shifts.routes';

/** The booking service (spec 2 §7) and shifts, mounted at /api/booking. */
export async function bookingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register((child) => shiftRoutes(child, ctx));
  await app.register((child) => bookingPracticeRoutes(child, ctx));
  await app.register((child) => bookingCustomerRoutes(child, ctx));
}
