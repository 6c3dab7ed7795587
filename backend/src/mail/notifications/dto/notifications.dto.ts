import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsDefined, IsInt, IsObject, IsString, Max, Min, ValidateNested } from 'class-validator';
import type { NotificationSettings } from '@svp/domain';
import { MaxChars } from '../../../common/validators/max-chars.js';
import type {
  Holds,
  NotificationSettingsBody,
  PushDeviceBody,
  RemovePushDeviceBody,
  SameShape,
  SubscriptionKeys,
} from '@svp/domain/contract';

/** PUT /api/notifications/settings: every choice, each kind on or off. */
export class NotificationSettingsDto implements NotificationSettings {
  @ApiProperty()
  @IsDefined({ message: 'shiftChanges is required' })
  @IsBoolean({ message: 'shiftChanges must be true or false' })
  shiftChanges: boolean;

  @ApiProperty()
  @IsDefined({ message: 'swaps is required' })
  @IsBoolean({ message: 'swaps must be true or false' })
  swaps: boolean;

  @ApiProperty()
  @IsDefined({ message: 'reminders is required' })
  @IsBoolean({ message: 'reminders must be true or false' })
  reminders: boolean;

  @ApiProperty({ minimum: 10, maximum: 1440, description: 'Minutes before a shift the reminder comes.' })
  @IsDefined({ message: 'reminderMinutes is required' })
  @IsInt({ message: 'reminderMinutes must be a whole number of minutes from 10 to 1440' })
  @Min(10, { message: 'reminderMinutes must be a whole number of minutes from 10 to 1440' })
  @Max(1440, { message: 'reminderMinutes must be a whole number of minutes from 10 to 1440' })
  reminderMinutes: number;

  @ApiProperty()
  @IsDefined({ message: 'urgent is required' })
  @IsBoolean({ message: 'urgent must be true or false' })
  urgent: boolean;

  @ApiProperty()
  @IsDefined({ message: 'texts is required' })
  @IsBoolean({ message: 'texts must be true or false' })
  texts: boolean;
}

class SubscriptionKeysDto {
  @ApiProperty({ description: "The browser's P-256 public key (base64url, 65 bytes)." })
  @IsDefined({ message: 'keys.p256dh is required' })
  @IsString({ message: 'keys.p256dh must be text' })
  @MaxChars(200, { message: 'keys.p256dh must be at most 200 characters' })
  p256dh: string;

  @ApiProperty({ description: 'The authentication secret (base64url, 16 bytes).' })
  @IsDefined({ message: 'keys.auth is required' })
  @IsString({ message: 'keys.auth must be text' })
  @MaxChars(100, { message: 'keys.auth must be at most 100 characters' })
  auth: string;
}

/** POST /api/notifications/devices: a browser's push subscription, as PushSubscription.toJSON() gives it. */
export class PushDeviceDto {
  @ApiProperty({ maxLength: 1000, description: "The push service's address for this browser (https)." })
  @IsDefined({ message: 'endpoint is required' })
  @IsString({ message: 'endpoint must be text' })
  @MaxChars(1000, { message: 'endpoint must be at most 1000 characters' })
  endpoint: string;

  @ApiProperty({ type: SubscriptionKeysDto })
  @IsDefined({ message: 'keys is required' })
  @IsObject({ message: 'keys must be an object' })
  @ValidateNested()
  @Type(() => SubscriptionKeysDto)
  keys: SubscriptionKeysDto;
}

/** DELETE /api/notifications/devices: the browser that no longer wants notifications. */
export class RemovePushDeviceDto {
  @ApiProperty({ maxLength: 1000 })
  @IsDefined({ message: 'endpoint is required' })
  @IsString({ message: 'endpoint must be text' })
  @MaxChars(1000, { message: 'endpoint must be at most 1000 characters' })
  endpoint: string;
}

/** The contract's bodies are these DTOs' shapes (domain/src/contract/notification-requests.ts). */
export type NotificationSettingsChecked = Holds<SameShape<NotificationSettingsDto, NotificationSettingsBody>>;
export type PushDeviceChecked = Holds<SameShape<PushDeviceDto, PushDeviceBody>>;
export type SubscriptionKeysChecked = Holds<SameShape<SubscriptionKeysDto, SubscriptionKeys>>;
export type RemovePushDeviceChecked = Holds<SameShape<RemovePushDeviceDto, RemovePushDeviceBody>>;
