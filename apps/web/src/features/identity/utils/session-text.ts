import { webClientId, type SessionView } from '@vitalia/api/identity.contract';

// A session in words: the server names the browser and system ('Chrome on Android', 'an app on
// iOS', 'Unknown device'; apps/server/src/features/identity/user-agent.ts) and the client id.

/** The device as a line of its own: 'Chrome on Android', 'An app on iOS'. */
export function deviceTitle(session: Pick<SessionView, 'device'>): string {
  return session.device.charAt(0).toUpperCase() + session.device.slice(1);
}

/** The device inside a sentence: 'Chrome on Android', 'an app on iOS', 'an unknown device'. */
export function deviceInSentence(session: Pick<SessionView, 'device'>): string {
  return session.device === 'Unknown device' ? 'an unknown device' : session.device;
}

/** Which app holds the session, when the server knows it (after its first refresh). */
export function clientLabel(client: string | null): string | null {
  if (client === null) return null;
  return client === webClientId ? 'Vitalia on the web' : `An app: ${client}`;
}

/** 'One session ended.', '3 sessions ended.', or that there were none to end. */
export function sessionsEndedText(ended: number): string {
  if (ended === 0) return 'No other session was signed in, so none ended.';
  return ended === 1 ? 'One session ended.' : `${ended} sessions ended.`;
}

/** 'one other device is', '2 other devices are'. */
export function otherDevicesAre(count: number): string {
  return count === 1 ? 'one other device is' : `${count} other devices are`;
}
