import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { AfterAnswer } from './after-answer.js';

describe('AfterAnswer', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('runs the work only after the caller has answered, and settles once it is done', async () => {
    const afterAnswer = new AfterAnswer();
    const order: string[] = [];
    afterAnswer.run('Writing down', async () => {
      order.push('work started');
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('work done');
    });
    order.push('answered');
    await afterAnswer.settled();
    expect(order).toEqual(['answered', 'work started', 'work done']);
  });

  it('logs a failure, naming the work, instead of leaving a rejection unhandled', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const afterAnswer = new AfterAnswer();
      afterAnswer.run('Sending the password-changed notice', async () => {
        throw new Error('SMTP said no');
      });
      await afterAnswer.settled();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^Sending the password-changed notice failed: Error: SMTP said no/));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('is waited for when the app shuts down', async () => {
    const afterAnswer = new AfterAnswer();
    let done = false;
    afterAnswer.run('Slow work', async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      done = true;
    });
    await afterAnswer.beforeApplicationShutdown();
    expect(done).toBe(true);
  });
});
