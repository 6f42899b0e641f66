import { Suspense } from 'react';
import { optionalLazy } from '../../../lib/optional-lazy';
import { useSocialProviders } from '../api/social-providers.query';

// The button and its divider are asked for only when the server offers LinkedIn, which a server
// without its keys never does: their code is not part of the sign-in page's first script
// (docs/performance.md). A button that cannot be loaded is left out; the form above it
// still signs in.
const LinkedInSignIn = optionalLazy(() => import('./linkedin-sign-in'));

/** 'Sign in with LinkedIn' when the server offers it. */
export function SocialSignIn({ redirect }: { redirect: string }) {
  const { data: providers } = useSocialProviders();
  if (!providers?.includes('linkedin')) return null;
  return (
    <Suspense fallback={null}>
      <LinkedInSignIn redirect={redirect} />
    </Suspense>
  );
}
