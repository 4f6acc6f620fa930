import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';

// A dead or silent server fails the send in seconds instead of holding the caller (or a job) for minutes.
const CONNECTION_TIMEOUT_MS = 10_000;
const GREETING_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

/** Production: SMTP through nodemailer, to the server of SMTP_URL (smtp[s]://user:password@host:port). */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp';
  private readonly transport;

  constructor(
    url: string,
    from: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = nodemailer.createTransport(
      {
        url,
        connectionTimeout: CONNECTION_TIMEOUT_MS,
        greetingTimeout: GREETING_TIMEOUT_MS,
        socketTimeout: SOCKET_TIMEOUT_MS,
      },
      { from },
    );
  }

  /** Resolves when the server accepted the message for its recipient; throws when it did not. */
  async send(message: MailMessage): Promise<{ messageId: string }> {
    const info = await this.transport.sendMail({
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html === undefined ? {} : { html: message.html }),
      ...(message.attachments === undefined
        ? {}
        : {
            attachments: message.attachments.map((file) => ({
              filename: file.fileName,
              content: file.content,
              contentType: file.contentType,
            })),
          }),
    });
    // One recipient: nodemailer throws when it is refused; a partial refusal must not pass as sent either.
    if (info.rejected.length > 0 || info.accepted.length === 0) {
      throw new Error(`The mail server refused the message to ${message.to}: ${info.response}`);
    }
    this.log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'e-mail sent');
    return { messageId: info.messageId };
  }

  /** Closes the transport's connections (tests, shutdown). */
  close(): void {
    this.transport.close();
  }
}
