/** A text message to one phone number. */
export interface TextMessage {
  to: string;
  body: string;
}

/** Why a provider did not take a text: `permanent` when sending it again would be refused again (a bad number). */
export class TextRefused extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** Sends text messages; one implementation per provider. */
export abstract class TextProvider {
  abstract readonly available: boolean;
  /** Sends one text; throws TextRefused when the provider says no. Answers the provider's id of the message. */
  abstract send(message: TextMessage): Promise<string>;
}

/** No provider configured: the portal sends no texts. */
export class NoTextProvider extends TextProvider {
  readonly available = false;
  send(): Promise<string> {
    return Promise.reject(new TextRefused('No text message provider is configured (SMS_URL).', true));
  }
}

/**
 * A provider with an HTTP API in the style of Twilio's Messages resource: a form POST of To, From and
 * Body to SMS_URL with HTTP basic authentication (SMS_USER, SMS_PASSWORD), answered with JSON holding
 * the message's `sid`. 4xx is a refusal of this message (permanent); 429 and 5xx are temporary.
 */
export class HttpTextProvider extends TextProvider {
  readonly available = true;

  constructor(
    private readonly url: string,
    private readonly user: string,
    private readonly password: string,
    private readonly from: string,
    private readonly timeoutMs = 10_000,
  ) {
    super();
  }

  async send({ to, body }: TextMessage): Promise<string> {
    let response: Response;
    try {
      response = await fetch(this.url, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${this.user}:${this.password}`).toString('base64')}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: new URLSearchParams({ To: to, From: this.from, Body: body }).toString(),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new TextRefused(`The text message provider could not be reached: ${(error as Error).message}`, false);
    }
    const answer = (await response.json().catch(() => ({}))) as { sid?: string; message?: string };
    if (!response.ok) {
      const permanent = response.status >= 400 && response.status < 500 && response.status !== 429;
      throw new TextRefused(`The text message provider answered ${response.status}: ${answer.message ?? response.statusText}`, permanent);
    }
    return answer.sid ?? '';
  }
}

/** Keeps the texts it is given, for tests and demonstrations (SMS_URL=fake:). */
export class FakeTextProvider extends TextProvider {
  readonly available = true;
  readonly sent: (TextMessage & { id: string })[] = [];
  /** Numbers it refuses for good, as a provider refuses a number that does not exist. */
  readonly refuse = new Set<string>();

  send(message: TextMessage): Promise<string> {
    if (this.refuse.has(message.to)) return Promise.reject(new TextRefused(`${message.to} is not a mobile number`, true));
    const id = `fake-${this.sent.length + 1}`;
    this.sent.push({ ...message, id });
    return Promise.resolve(id);
  }
}
