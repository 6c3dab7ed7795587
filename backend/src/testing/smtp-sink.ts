import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server inside the test process that keeps every message it receives. */
export class SmtpSink {
  readonly messages: ParsedMail[] = [];
  /** Recipients the server refuses for good (RCPT TO answered 550), like a mailbox that does not exist. */
  private readonly refused = new Map<string, string>();
  /** Recipients the server turns away for now (RCPT TO answered 451), like a full mailbox. */
  private readonly deferred = new Map<string, string>();
  private waiters: { predicate: (m: ParsedMail) => boolean; resolve: (m: ParsedMail) => void }[] = [];
  /** While set (see hold), every recipient waits for it before the server answers. */
  private holding: Promise<void> | null = null;
  /** Recipients waiting now at a hold. */
  heldRecipients = 0;

  private constructor(
    private readonly server: SMTPServer,
    readonly url: string,
  ) {}

  static async start(): Promise<SmtpSink> {
    // Read by the server's callbacks, assigned once the server listens.
    // eslint-disable-next-line prefer-const
    let sink: SmtpSink | undefined;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo: function answerRecipient(address, session, callback): void {
        const holding = sink!.holding;
        if (holding) {
          sink!.heldRecipients += 1;
          void holding.then(() => {
            sink!.heldRecipients -= 1;
            answerRecipient(address, session, callback);
          });
          return;
        }
        const key = address.address.toLowerCase();
        const answer = sink!.refused.get(key) ?? sink!.deferred.get(key);
        if (!answer) return callback();
        const error = new Error(answer) as Error & { responseCode: number };
        error.responseCode = sink!.refused.has(key) ? 550 : 451;
        callback(error);
      },
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => sink!.receive(mail))
          .then(() => callback(), callback);
      },
    });
    // A sending server killed mid-session (the crash tests do it) resets its connection: smtp-server
    // reports that as an 'error' event, which would otherwise be thrown into the test that caused it.
    server.on('error', () => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    sink = new SmtpSink(server, `smtp://127.0.0.1:${port}`);
    return sink;
  }

  private receive(mail: ParsedMail): void {
    this.messages.push(mail);
    this.waiters = this.waiters.filter((w) => {
      if (!w.predicate(mail)) return true;
      w.resolve(mail);
      return false;
    });
  }

  /** The first message to `to` (after `since` messages) matching `subject`, waiting for it if needed. */
  waitFor(to: string, subject: RegExp = /./, timeoutMs = 5000): Promise<ParsedMail> {
    const predicate = (m: ParsedMail) => recipients(m).includes(to.toLowerCase()) && subject.test(m.subject ?? '');
    const found = [...this.messages].reverse().find(predicate);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`No mail to ${to} matching ${subject} within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({ predicate, resolve: (m) => (clearTimeout(timer), resolve(m)) });
    });
  }

  to(address: string): ParsedMail[] {
    return this.messages.filter((m) => recipients(m).includes(address.toLowerCase()));
  }

  clear(): void {
    this.messages.length = 0;
    this.refused.clear();
    this.deferred.clear();
  }

  /** From now on (until `accept`), mail to `address` is turned away for now with a 451 and this text. */
  defer(address: string, answer = 'Mailbox busy, try again later'): void {
    this.deferred.set(address.toLowerCase(), answer);
  }

  /** A mail server slow to answer: until the returned function is called, every message waits at RCPT TO. */
  hold(): () => void {
    let release!: () => void;
    this.holding = new Promise((resolve) => (release = resolve));
    return () => {
      this.holding = null;
      release();
    };
  }

  /** Takes mail to `address` again. */
  accept(address: string): void {
    this.deferred.delete(address.toLowerCase());
    this.refused.delete(address.toLowerCase());
  }

  /** From now on, mail to `address` is refused for good with a 550 and this text. */
  refuse(address: string, answer = 'No such user here'): void {
    this.refused.set(address.toLowerCase(), answer);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function recipients(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
}

/** The 6-digit code in a message's text. */
export function codeIn(mail: ParsedMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text ?? '');
  if (!match) throw new Error(`No code in: ${mail.text}`);
  return match[1]!;
}

/** The reset token of the first /forgot-password?token= link in a message. */
export function resetTokenIn(mail: ParsedMail): { link: string; token: string } {
  const match = /(https?:\/\/\S+\/forgot-password\?token=([^\s"<]+))/.exec(mail.text ?? '');
  if (!match) throw new Error(`No reset link in: ${mail.text}`);
  return { link: match[1]!, token: decodeURIComponent(match[2]!) };
}
