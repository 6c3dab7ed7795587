import { type CanActivate, Injectable } from '@nestjs/common';
import { SWAP_MESSAGES } from '@svp/domain';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { SettingsService } from '../settings/settings.service.js';

/** While `swapsEnabled` is off every volunteer swap call answers the notice (docs/decisions.md); runs right after authentication. */
@Injectable()
export class SwapsEnabledGuard implements CanActivate {
  constructor(private readonly settings: SettingsService) {}

  async canActivate(): Promise<boolean> {
    if (!(await this.settings.get()).swapsEnabled) throw new AppException(403, ErrorCode.SwapsDisabled, SWAP_MESSAGES.disabled);
    return true;
  }
}
