// Care sharing: shares with doctors, share links, and the doctors' own calls.
import type { Feature } from '../../infrastructure.ts';
import { careSharingRoutes } from './care-sharing.routes.ts';
import { doctorRoutes } from './doctor.routes.ts';
import { LinkPasses } from './link-pass.ts';
import { shareLinksRoutes } from './share-links.routes.ts';

export const registerSharing: Feature = async (app, { config, clock }) => {
  if (!config.jwtSecret) throw new Error('sharing needs the signing secret (withSigningSecret)');
  const options = { publicUrl: config.publicUrl, clock, emergency: config.emergency };
  await app.register(careSharingRoutes, options);
  await app.register(shareLinksRoutes, { ...options, passes: new LinkPasses(config.jwtSecret) });
  await app.register(doctorRoutes, {
    ...options,
    confidentialClients: Object.keys(config.oauthClients),
  });
};
