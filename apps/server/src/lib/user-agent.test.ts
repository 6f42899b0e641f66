import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './user-agent.ts';

describe('a client in words', () => {
  it('names the common browsers and systems, and says so when it cannot', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome on Android');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(describeUserAgent('okhttp/4.12.0 (Android 14)')).toBe('an app on Android');
    expect(describeUserAgent(null)).toBe('Unknown device');
  });

  it('takes headless Chrome for Chrome, not for the Safari its string also names', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome on Linux');
  });
});
