import { describe, expect, it } from 'vitest';
import { failureOf } from './report-failures.ts';

describe('a provider refusing a report', () => {
  const scope = { connectorName: 'Microsoft Advertising', secrets: ['s3cret'] };

  it('quotes its reason in one sentence, its own full stop not doubled', () => {
    const error = failureOf(scope, 400, { Errors: [{ Message: 'Invalid Request.' }] }, null);
    expect(error.message).toBe(
      'Microsoft Advertising refused this report: Invalid Request. Change the fields or dates and try again.',
    );
  });

  it('says the status when there is no reason, and never repeats a secret', () => {
    expect(failureOf(scope, 400, {}, null).message).toBe(
      'Microsoft Advertising refused this report (it answered 400). Change the fields or dates and try again.',
    );
    const quoted = failureOf(scope, 400, { message: 'Bad key s3cret' }, null).message;
    expect(quoted).not.toContain('s3cret');
  });
});
