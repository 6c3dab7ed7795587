import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { AppException, ErrorCode } from '../common/errors/app.exception.js';
import { PasswordService } from './password.service.js';
import { type PublicUser, toPublicUser } from './public-user.js';
import { type Session, TokenService } from './token.service.js';
import { normaliseEmail } from './user-identifiers.js';
import { User } from './user.entity.js';

export interface SignedIn {
  user: PublicUser;
  session: Session;
}

// One text whether the email exists or not, so the form cannot be used to find accounts.
export const LOGIN_FAILED = 'Incorrect email or password.';

@Injectable()
export class AuthService {
  // Verifying against a real hash when the account is missing keeps both failures equally slow.
  private dummyHash: Promise<string> | null = null;

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly passwords: PasswordService,
    private readonly tokens: TokenService,
  ) {}

  async login(email: string, password: string): Promise<SignedIn> {
    const user = await this.users
      .createQueryBuilder('user')
      .addSelect('user.passwordHash')
      .where('user.email = :email', { email: normaliseEmail(email) })
      .getOne();
    if (!user) {
      this.dummyHash ??= this.passwords.hash('not-a-real-password');
      await this.passwords.verify(await this.dummyHash, password);
      throw AppException.unauthorized(LOGIN_FAILED, ErrorCode.InvalidCredentials);
    }
    if (!(await this.passwords.verify(user.passwordHash, password))) {
      throw AppException.unauthorized(LOGIN_FAILED, ErrorCode.InvalidCredentials);
    }
    return this.signIn(user);
  }

  signIn(user: User): SignedIn {
    return { user: toPublicUser(user), session: this.tokens.issueSession(user) };
  }
}
