import { ErrorCode } from '@svp/domain';
import { Body, Controller, Get, HttpCode, Post, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '../common/auth-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Public } from '../common/decorators/public.decorator.js';
import { ACCOUNT_MESSAGES, AccountService } from './account.service.js';
import { RateLimitGuard } from '../rate-limit/rate-limit.guard.js';
import { ChangePasswordDto, ConfirmRegistrationDto, EmailDto, RegisterDto, ResetTokenDto } from './dto/register.dto.js';
import { UpdateProfileDto } from './dto/update-profile.dto.js';
import { ProfileService } from './profile.service.js';
import { Answers } from '../common/decorators/answers.decorator.js';
import { Envelope, MessageOnly, ProfileSaved, ProfileView, Registered, RegistrationConfirmed } from '@svp/domain/contract';

@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(
    private readonly accounts: AccountService,
    private readonly profiles: ProfileService,
  ) {}

  /** Creates the account and signs it in; when the code email fails, the answer is err "EMESSAGE" with the session. */
  @Answers('Creates an account and signs it in; mails a code to confirm the address', Registered)
  @Public()
  @UseGuards(RateLimitGuard)
  @Post('register')
  async register(@Body() body: RegisterDto, @Res({ passthrough: true }) response: Response): Promise<Registered> {
    const { mailSent, ...signedIn } = await this.accounts.register({
      firstName: body.first_name,
      lastName: body.last_name,
      email: body.email,
      password: body.password,
      svid: body.svid,
    });
    response.status(201);
    if (!mailSent) return { success: false, data: { message: ACCOUNT_MESSAGES.registeredNoMail, err: ErrorCode.MailNotSent, ...signedIn } };
    return { success: true, data: signedIn };
  }

  @Answers('Confirms the email address with the emailed code, and signs in', Envelope(RegistrationConfirmed))
  @Public()
  @UseGuards(RateLimitGuard)
  @Post('confirm-registration')
  @HttpCode(200)
  async confirmRegistration(@Body() body: ConfirmRegistrationDto): Promise<Envelope<RegistrationConfirmed>> {
    return {
      success: true,
      data: { message: ACCOUNT_MESSAGES.confirmed, ...(await this.accounts.confirmRegistration(body.email, body.code)) },
    };
  }

  @Answers('Mails a new confirmation code (the same answer whether or not the account exists)', Envelope(MessageOnly))
  @Public()
  @UseGuards(RateLimitGuard)
  @Post('resend-code')
  @HttpCode(200)
  resendCode(@Body() body: EmailDto): Envelope<MessageOnly> {
    this.accounts.resendCode(body.email);
    return { success: true, data: { message: ACCOUNT_MESSAGES.codeResent } };
  }

  @Answers('Mails a password-reset link and code (the same answer whether or not the account exists)', Envelope(MessageOnly))
  @Public()
  @UseGuards(RateLimitGuard)
  @Post('forgot-password')
  @HttpCode(200)
  forgotPassword(@Body() body: EmailDto): Envelope<MessageOnly> {
    this.accounts.forgotPassword(body.email);
    return { success: true, data: { message: ACCOUNT_MESSAGES.resetSent } };
  }

  @Answers('Sets a new password with a reset link, or with the email and a code', Envelope(MessageOnly))
  @Public()
  @UseGuards(RateLimitGuard)
  @Post('change-password')
  @HttpCode(200)
  async changePassword(@Body() body: ChangePasswordDto): Promise<Envelope<MessageOnly>> {
    await this.accounts.changePassword(body);
    return { success: true, data: { message: ACCOUNT_MESSAGES.passwordChanged } };
  }

  /** Whether a reset link can still set a password, asked when the link is opened; refused as change-password would refuse it. */
  @Answers('Tells whether a reset link can still set a password, without using it', Envelope(MessageOnly))
  @Public()
  @UseGuards(RateLimitGuard)
  @Post('check-reset-token')
  @HttpCode(200)
  async checkResetToken(@Body() body: ResetTokenDto): Promise<Envelope<MessageOnly>> {
    await this.accounts.checkResetToken(body.token);
    return { success: true, data: { message: ACCOUNT_MESSAGES.resetLinkUsable } };
  }

  @Answers("The caller's profile, with the server names of its fields", Envelope(ProfileView))
  @ApiBearerAuth()
  @Get('profile')
  async profile(@CurrentUser() caller: AuthUser): Promise<Envelope<ProfileView>> {
    return { success: true, data: await this.profiles.view(caller) };
  }

  @Answers('Saves the whole profile (a new email address needs the current password)', Envelope(ProfileSaved))
  @ApiBearerAuth()
  @Post('profile')
  @HttpCode(200)
  async updateProfile(@CurrentUser() caller: AuthUser, @Body() body: UpdateProfileDto): Promise<Envelope<ProfileSaved>> {
    return { success: true, data: await this.profiles.update(caller, body) };
  }
}
