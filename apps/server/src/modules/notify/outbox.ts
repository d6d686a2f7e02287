import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { wireDateTime } from '../../lib/time.js';

export interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  /** What the message is for, e.g. 'register', 'forgot'. */
  type: string;
  code: string | null;
  subject: string;
  text: string;
}

export interface Outbox {
  deliver(message: OutboxMessage): Promise<void>;
}

/**
 * Every e-mail and text is appended as one JSON line to DATA_DIR/outbox.jsonl (the admin console
 * shows it; tests and demos read codes from it). With SMTP_URL set, e-mail also goes out by SMTP;
 * an SMTP failure is logged, the line is already written.
 */
/** Where every e-mail and text of this data directory is written. */
export function outboxFile(dataDir: string): string {
  return path.join(dataDir, 'outbox.jsonl');
}

export function createOutbox(dataDir: string, smtpUrl: string | undefined, log: FastifyBaseLogger): Outbox {
  const file = outboxFile(dataDir);
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  const from = process.env.SMTP_FROM ?? 'no-reply@localhost';
  return {
    async deliver(message) {
      const line = JSON.stringify({
        channel: message.channel,
        to: message.to,
        type: message.type,
        code: message.code,
        text: message.text,
        created_at: wireDateTime(new Date()),
      });
      await fs.mkdir(dataDir, { recursive: true });
      await fs.appendFile(file, line + '\n');
      if (transport && message.channel === 'email') {
        try {
          await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
        } catch (err) {
          log.warn({ err }, 'SMTP delivery failed; the message is in the outbox');
        }
      }
    },
  };
}
