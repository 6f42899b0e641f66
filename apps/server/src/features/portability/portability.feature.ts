// A person's data out (FHIR R4 and CSV in a zip) and in (FHIR, CSV).
import type { Feature } from '../../infrastructure.ts';
import { exportRoutes } from './export/export.routes.ts';
import { importRoutes } from './import/import.routes.ts';

export const registerPortability: Feature = async (app, { clock }) => {
  await app.register(exportRoutes, { clock });
  await app.register(importRoutes);
};
