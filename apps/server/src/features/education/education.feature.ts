// Health articles: reading, searching, and the administrators' editing with cover pictures.
import type { Feature } from '../../infrastructure.ts';
import { educationRoutes } from './education.routes.ts';

export const registerEducation: Feature = async (app, { files }) => {
  await app.register(educationRoutes, { covers: files('covers') });
};
