import { Body, Controller, Get, HttpCode, Post, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '../common/auth-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Public } from '../common/decorators/public.decorator.js';
import { ACCOUNT_MESSAGES, AccountService } from './account.service.js';
import { RateLimitGuard } from '../common/guards/rate-limit.guard.js';
import { ChangePasswordDto, ConfirmRegistrationDto, EmailDto, RegisterDto, ResetTokenDto } from './dto/register.dto.js';
import { UpdateProfileDto } from './dto/update-profile.dto.js';
import { ProfileService } from './profile.service.js';

@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(
    private readonly accounts: AccountService,
    private readonly profiles: ProfileService,
  ) {}

  /** Creates the account and signs it in; when the code email fails, the answer is err "EMESSAGE" with the session. */
  @Public()
  @UseGuards(RateLimitGuard)
  @Post('register')
  async register(@Body() body: RegisterDto, @Res({ passthrough: true }) response: Response) {
    const { mailSent, ...signedIn } = await this.accounts.register({
      firstName: body.first_name,
      lastName: body.last_name,
      email: body.email,
      password: body.password,
      svid: body.svid,
    });
    response.status(201);
    if (!mailSent) return { success: false, data: { message: ACCOUNT_MESSAGES.registeredNoMail, err: 'EMESSAGE', ...signedIn } };
    return { success: true, data: signedIn };
  }

  @Public()
  @UseGuards(RateLimitGuard)
  @Post('confirm-registration')
  @HttpCode(200)
  async confirmRegistration(@Body() body: ConfirmRegistrationDto) {
    return { success: true, data: { message: ACCOUNT_MESSAGES.confirmed, ...(await this.accounts.confirmRegistration(body.email, body.code)) } };
  }

  @Public()
  @UseGuards(RateLimitGuard)
  @Post('resend-code')
  @HttpCode(200)
  resendCode(@Body() body: EmailDto) {
    this.accounts.resendCode(body.email);
    return { success: true, data: { message: ACCOUNT_MESSAGES.codeResent } };
  }

  @Public()
  @UseGuards(RateLimitGuard)
  @Post('forgot-password')
  @HttpCode(200)
  forgotPassword(@Body() body: EmailDto) {
    this.accounts.forgotPassword(body.email);
    return { success: true, data: { message: ACCOUNT_MESSAGES.resetSent } };
  }

  @Public()
  @UseGuards(RateLimitGuard)
  @Post('change-password')
  @HttpCode(200)
  async changePassword(@Body() body: ChangePasswordDto) {
    await this.accounts.changePassword(body);
    return { success: true, data: { message: ACCOUNT_MESSAGES.passwordChanged } };
  }

  /** Whether a reset link can still set a password, asked when the link is opened; refused as change-password would refuse it. */
  @Public()
  @UseGuards(RateLimitGuard)
  @Post('check-reset-token')
  @HttpCode(200)
  async checkResetToken(@Body() body: ResetTokenDto) {
    await this.accounts.checkResetToken(body.token);
    return { success: true, data: { message: ACCOUNT_MESSAGES.resetLinkUsable } };
  }

  @ApiBearerAuth()
  @Get('profile')
  async profile(@CurrentUser() caller: AuthUser) {
    return { success: true, data: await this.profiles.view(caller) };
  }

  @ApiBearerAuth()
  @Post('profile')
  @HttpCode(200)
  async updateProfile(@CurrentUser() caller: AuthUser, @Body() body: UpdateProfileDto) {
    return { success: true, data: await this.profiles.update(caller, body) };
  }
}
