import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { AfterAnswer } from '../common/after-answer.js';
import { AccountService } from './account.service.js';
import { AdminUsersController } from './admin-users.controller.js';
import { AdminUsersService } from './admin-users.service.js';
import { RateLimitGuard } from '../rate-limit/rate-limit.guard.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { BootstrapAdminService } from './bootstrap-admin.service.js';
import { JwtStrategy } from './jwt.strategy.js';
import { OneTimeCode } from './one-time-code.entity.js';
import { OneTimeCodeService } from './one-time-code.service.js';
import { PasswordService } from './password.service.js';
import { ProfileService } from './profile.service.js';
import { ResetTokenService } from './reset-token.service.js';
import { RequestAuthentication } from './request-authentication.js';
import { TokenService } from './token.service.js';
import { User } from './user.entity.js';
import { UsersController } from './users.controller.js';

@Module({
  imports: [
    TypeOrmModule.forFeature([User, OneTimeCode]),
    PassportModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ secret: config.jwtSecret, signOptions: { algorithm: 'HS256' } }),
    }),
  ],
  controllers: [AuthController, UsersController, AdminUsersController],
  providers: [
    AfterAnswer,
    AccountService,
    AdminUsersService,
    AuthService,
    RateLimitGuard,
    BootstrapAdminService,
    JwtStrategy,
    OneTimeCodeService,
    PasswordService,
    ProfileService,
    ResetTokenService,
    RequestAuthentication,
    TokenService,
  ],
  exports: [
    AfterAnswer,
    JwtStrategy,
    RequestAuthentication,
    AuthService,
    AccountService,
    BootstrapAdminService,
    PasswordService,
    TokenService,
    ProfileService,
    JwtModule,
    TypeOrmModule,
  ],
})
export class UsersModule {}
