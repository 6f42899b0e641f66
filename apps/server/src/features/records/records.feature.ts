// A person's readings: recording, listing, rating and the whole-person analysis.
import type { Feature } from '../../infrastructure.ts';
import { recordsRoutes } from './records.routes.ts';

export const registerRecords: Feature = async (app, { config }) => {
  await app.register(recordsRoutes, { emergency: config.emergency });
};
