import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Agent } from 'node:https';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import webpush from 'web-push';
import type { AppConfig } from '../../config/app.config.js';
import { FakeTextProvider, HttpTextProvider, NoTextProvider, type TextProvider } from './text-provider.js';

/** The push services of the browsers people use: Chrome and Android, Firefox, Edge, Safari. */
export const DEFAULT_PUSH_HOSTS = ['fcm.googleapis.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'];

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** How notifications and texts leave this server. */
export interface NotificationsConfig {
  vapid: VapidKeys;
  /** Hosts (and their subdomains) a push endpoint may name: the server posts to it, so nothing else is let in. */
  pushHosts: string[];
  text: TextProvider;
  /** The https agent push requests go through (a test trusts its own push service's certificate with one). */
  agent?: Agent;
}

export const NOTIFICATIONS_CONFIG = Symbol('NOTIFICATIONS_CONFIG');

/**
 * The VAPID key pair: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set (several servers must share
 * one: a phone's subscription is tied to the key it was made with), else made once and kept in the
 * data folder beside the signing secret.
 */
function vapidKeys(env: AppConfig['notifications'], config: AppConfig): Omit<VapidKeys, 'subject'> {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
  const file = join(config.dataDir, 'vapid-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Omit<VapidKeys, 'subject'>;
  if (config.production)
    new Logger('Notifications').warn(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: a key pair was made in the data folder. Set both when several servers run.',
    );
  mkdirSync(config.dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return keys;
}

/** SMS_URL (a Twilio-style Messages endpoint, or `fake:` to keep texts in memory), SMS_USER, SMS_PASSWORD, SMS_FROM. */
function textProvider(env: AppConfig['notifications']): TextProvider {
  const url = env.SMS_URL;
  if (!url) return new NoTextProvider();
  if (url === 'fake:') return new FakeTextProvider();
  if (!/^https?:\/\//.test(url) || !env.SMS_FROM) throw new Error('SMS_URL must be an http(s) address and SMS_FROM the sending number');
  return new HttpTextProvider(url, env.SMS_USER ?? '', env.SMS_PASSWORD ?? '', env.SMS_FROM);
}

export function loadNotificationsConfig(config: AppConfig): NotificationsConfig {
  const env = config.notifications;
  const hosts = (env.PUSH_ENDPOINT_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return {
    vapid: { ...vapidKeys(env, config), subject: env.VAPID_SUBJECT ?? `mailto:${config.contactEmail}` },
    pushHosts: hosts.length ? hosts : DEFAULT_PUSH_HOSTS,
    text: textProvider(env),
  };
}
