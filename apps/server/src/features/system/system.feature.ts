// Liveness, readiness, and the administrators' view of mail that failed.
import type { Feature } from '../../infrastructure.ts';
import { mailAdminRoutes } from './mail-admin.routes.ts';
import { systemRoutes } from './system.routes.ts';

export const registerSystem: Feature = async (app) => {
  await app.register(systemRoutes);
  await app.register(mailAdminRoutes);
};
