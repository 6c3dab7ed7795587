import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import { PasswordService } from '../users/password.service.js';

/**
 * The test apps' password hashing (test-app.ts overrides PasswordService with it): argon2id, as the
 * app's own, at the lowest cost argon2 takes (1 MiB, one pass, one lane) instead of the production
 * 64 MiB, three passes and four lanes. A production hash or check costs 100-200 ms of CPU on four
 * threads, and every sign-in of a suite checks one (an unknown email checks a dummy hash), which added
 * up to minutes of the backend run. Checking reads the cost from the hash, so hashes made either way
 * verify. The production cost is asserted by users/password.service.spec.ts.
 */
@Injectable()
export class TestPasswordService extends PasswordService {
  override hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 });
  }
}
