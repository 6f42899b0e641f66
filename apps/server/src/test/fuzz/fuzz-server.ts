// The server the fuzzer runs against, in this process on an embedded database, with LinkedIn
// sign-in configured against a stand-in provider (apps/server/src/test/oidc-peer.ts), so that the
// LinkedIn operations get as far as their handlers too.
import * as oidc from 'openid-client';
import { mailLinkPaths } from '@vitalia/api/identity.contract';
import { startOidcPeer } from '../oidc-peer.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import type { LinkedInStandIn } from './valid-plan.ts';

export interface FuzzServer {
  server: TestApp;
  linkedin: LinkedInStandIn;
  close(): Promise<void>;
}

export async function startFuzzServer(): Promise<FuzzServer> {
  // The browser's address of the web app; nothing needs to listen there.
  const publicUrl = 'http://127.0.0.1:5999';
  const callback = `${publicUrl}${mailLinkPaths.linkedinCallback}`;
  const peer = await startOidcPeer(callback);
  // trustProxy: the fuzzer's own sign-ins come from addresses its failures do not lock.
  const server = await createTestApp({
    trustProxy: true,
    logLevel: 'warn',
    publicUrl,
    linkedin: { issuer: peer.issuer, clientId: peer.clientId, clientSecret: peer.clientSecret },
  });

  // The stand-in signs in whoever was set last, so its flows take turns.
  let turn: Promise<unknown> = Promise.resolve();
  function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
    const result = turn.then(work);
    turn = result.catch(() => undefined);
    return result;
  }
  let client: Promise<oidc.Configuration> | undefined;
  const asClient = () =>
    (client ??= oidc.discovery(
      new URL(peer.issuer),
      peer.clientId,
      { client_secret: peer.clientSecret },
      oidc.ClientSecretPost(peer.clientSecret),
      { execute: [oidc.allowInsecureRequests] },
    ));

  const linkedin: LinkedInStandIn = {
    issuer: peer.issuer,
    authorize: (subject, claims, url) =>
      oneAtATime(() => {
        peer.setPerson(subject, claims);
        return peer.authorize(url);
      }),
    // What the mobile app does before it calls login/social: the code flow as the client.
    accessToken: (subject, claims) =>
      oneAtATime(async () => {
        peer.setPerson(subject, claims);
        const config = await asClient();
        const verifier = oidc.randomPKCECodeVerifier();
        const state = oidc.randomState();
        const nonce = oidc.randomNonce();
        const url = oidc.buildAuthorizationUrl(config, {
          redirect_uri: callback,
          scope: 'openid profile email',
          response_type: 'code',
          state,
          nonce,
          code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
        });
        const back = await peer.authorize(url.href);
        const tokens = await oidc.authorizationCodeGrant(config, back, {
          pkceCodeVerifier: verifier,
          expectedState: state,
          expectedNonce: nonce,
          idTokenExpected: true,
        });
        return tokens.access_token;
      }),
  };

  return {
    server,
    linkedin,
    close: async () => {
      await server.close();
      await peer.close();
    },
  };
}
