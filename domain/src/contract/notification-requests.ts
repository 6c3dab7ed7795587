import { type Static, Type } from './schema.js';
import { NotificationSettings } from './week.js';

/**
 * The notifications' request bodies (the settings, a browser's push subscription), declared once like requests.ts's: the
 * OpenAPI document describes each from its schema and each DTO is tied to it (`SameShape`).
 */

/** PUT /api/notifications/settings: every choice, each kind on or off. */
export const NotificationSettingsBody = NotificationSettings;
export type NotificationSettingsBody = Static<typeof NotificationSettingsBody>;

const endpoint = Type.String({ maxLength: 1000, description: "The push service's address for this browser (https)." });

/** A push subscription's keys, as PushSubscription.toJSON() gives them. */
export const SubscriptionKeys = Type.Object({
  p256dh: Type.String({ maxLength: 200, description: "The browser's P-256 public key (base64url, 65 bytes)." }),
  auth: Type.String({ maxLength: 100, description: 'The authentication secret (base64url, 16 bytes).' }),
});
export type SubscriptionKeys = Static<typeof SubscriptionKeys>;

/** POST /api/notifications/devices: a browser's push subscription, as PushSubscription.toJSON() gives it. */
export const PushDeviceBody = Type.Object({ endpoint, keys: SubscriptionKeys });
export type PushDeviceBody = Static<typeof PushDeviceBody>;

/** DELETE /api/notifications/devices: the browser that no longer wants notifications. */
export const RemovePushDeviceBody = Type.Object({ endpoint });
export type RemovePushDeviceBody = Static<typeof RemovePushDeviceBody>;
