import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../common/decorators/public.decorator.js';
import { AuthService } from './auth.service.js';
import { RateLimitGuard } from '../common/guards/rate-limit.guard.js';
import { LoginDto } from './dto/login.dto.js';

@ApiTags('users')
@Controller('users')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @UseGuards(RateLimitGuard)
  @Post('login')
  @HttpCode(200)
  async login(@Body() body: LoginDto) {
    return { success: true, data: await this.auth.login(body.email, body.password) };
  }
}
