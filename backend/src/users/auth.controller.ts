import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../common/auth-user.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { Public } from '../common/decorators/public.decorator.js';
import { AuthService } from './auth.service.js';
import { RateLimitGuard } from '../rate-limit/rate-limit.guard.js';
import { LoginDto } from './dto/login.dto.js';
import { Answers } from '../common/decorators/answers.decorator.js';
import { Envelope, MessageOnly, SignedIn } from '@svp/domain/contract';

export const SIGNED_OUT = 'You are signed out.';

@ApiTags('users')
@Controller('users')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Answers('Signs in with email and password', Envelope(SignedIn))
  @Public()
  @UseGuards(RateLimitGuard)
  @Post('login')
  @HttpCode(200)
  async login(@Body() body: LoginDto): Promise<Envelope<SignedIn>> {
    return { success: true, data: await this.auth.login(body.email, body.password) };
  }

  /** Ends the session on the server: the caller's token, and every other token of theirs, is refused from now on. */
  @Answers("Signs out: the caller's tokens are refused from now on", Envelope(MessageOnly))
  @ApiBearerAuth()
  @Post('logout')
  @HttpCode(200)
  async logout(@CurrentUser() caller: AuthUser): Promise<Envelope<MessageOnly>> {
    await this.auth.signOut(caller.id);
    return { success: true, data: { message: SIGNED_OUT } };
  }
}
