import { describe, expect, it } from 'vitest';
import { anEntry } from '../../../test/sharing-fixtures';
import { happenedText, whoText } from './access-log-text';

describe('the access log in words', () => {
  it('says a wrong code was typed for which link, and the tries left', () => {
    const entry = anEntry({
      who: 'link: Dr Bello, 3 December',
      action: 'wrong code',
      what: '4 tries left',
    });
    expect(whoText(entry)).toBe('link: Dr Bello, 3 December');
    expect(happenedText(entry)).toBe(
      'Someone typed a wrong code for the link “Dr Bello, 3 December” (4 tries left)',
    );
  });

  it('words other entries as the action and what it touched', () => {
    expect(happenedText(anEntry({ action: 'opened link', what: 'blood pressure' }))).toBe(
      'Opened link: blood pressure',
    );
    expect(happenedText(anEntry({ action: 'paused', what: null }))).toBe('Paused');
  });
});
