// Care sharing: shares with doctors, share links, and the doctors' own calls.
import type { Feature } from '../../infrastructure.ts';
import { careSharingRoutes } from './care-sharing.routes.ts';
import { doctorRoutes } from './doctor.routes.ts';
import { shareLinksRoutes } from './share-links.routes.ts';

export const registerSharing: Feature = async (app, { config, clock }) => {
  const options = { publicUrl: config.publicUrl, clock, emergency: config.emergency };
  await app.register(careSharingRoutes, options);
  await app.register(shareLinksRoutes, options);
  await app.register(doctorRoutes, {
    ...options,
    confidentialClients: Object.keys(config.oauthClients),
  });
};
