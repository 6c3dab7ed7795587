import { describe, expect, it } from 'vitest';
import { teamMessageSchema } from './teamMessageForm';

describe("the team leader's message checked in the browser", () => {
  const check = (body: string) =>
    teamMessageSchema(() => Date.now())
      .validate({ venueId: 3, day: null, shiftId: null, subject: 'Tomorrow', body, bannerUntil: '' })
      .then(
        () => null,
        (error: Error) => error.message,
      );

  it('refuses a body over a Markdown limit with the sentence the server would answer', async () => {
    expect(await check('Meet at the **door**, {firstName}.')).toBeNull();
    expect(await check('*a'.repeat(1200))).toBe("The message holds 1,200 emphasis marks ('*', '_' or '~'): at most 1,000 are allowed.");
  });
});
