import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { UserRole } from '../common/auth-user.js';
import { DateTimeColumn, JsonColumn } from '../database/column-types.js';

@Entity('users')
export class User {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 254, unique: true })
  email: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 255, select: false })
  passwordHash: string;

  @Column({ name: 'first_name', type: 'varchar', length: 100 })
  firstName: string;

  @Column({ name: 'last_name', type: 'varchar', length: 100 })
  lastName: string;

  // searchKey of the email and names, kept by UserSearchKeysSubscriber: what administrators' searches compare.
  @Column({ name: 'search_email', type: 'varchar', length: 400, default: '', select: false })
  searchEmail: string;

  @Column({ name: 'search_first_name', type: 'varchar', length: 400, default: '', select: false })
  searchFirstName: string;

  @Column({ name: 'search_last_name', type: 'varchar', length: 400, default: '', select: false })
  searchLastName: string;

  /** The SV ID applicants see: short, unique, not derived from the id. */
  @Column({ type: 'varchar', length: 16, unique: true })
  svid: string;

  @Column({ type: 'varchar', length: 64, unique: true })
  username: string;

  @Column({ type: 'varchar', length: 32, default: 'Student-Volunteer' })
  role: UserRole;

  @Column({ name: 'is_admin', type: 'boolean', default: false })
  isAdmin: boolean;

  @Column({ type: 'boolean', default: false })
  verified: boolean;

  /** Bumped by a password change: every token issued before carries an older version and is refused. */
  @Column({ name: 'token_version', type: 'integer', default: 0 })
  tokenVersion: number;

  // Profile (docs/product.md, 'What is stored'). Lists hold values of the option lists in domain/.
  @Column({ type: 'varchar', length: 100, nullable: true })
  nickname: string | null;

  /** YYYY-MM-DD */
  @Column({ type: 'varchar', length: 10, nullable: true })
  birthdate: string | null;

  @JsonColumn({ nullable: true })
  gender: string[] | null;

  @Column({ name: 'gender_identity', type: 'varchar', length: 200, nullable: true })
  genderIdentity: string | null;

  @JsonColumn({ nullable: true })
  underrepresented: string[] | null;

  @Column({ name: 'underrepresented_group', type: 'varchar', length: 200, nullable: true })
  underrepresentedGroup: string | null;

  @Column({ type: 'varchar', length: 3, nullable: true })
  disability: 'yes' | 'no' | null;

  @Column({ name: 'disability_type', type: 'varchar', length: 200, nullable: true })
  disabilityType: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  address1: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  address2: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  city: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  region: string | null;

  @Column({ type: 'varchar', length: 2, nullable: true })
  country: string | null;

  @Column({ name: 'postal_code', type: 'varchar', length: 20, nullable: true })
  postalCode: string | null;

  @JsonColumn({ nullable: true })
  languages: string[] | null;

  @Column({ name: 'phone_number', type: 'varchar', length: 32, nullable: true })
  phoneNumber: string | null;

  @Column({ name: 'can_text', type: 'boolean', default: false })
  canText: boolean;

  @Column({ name: 'can_call', type: 'boolean', default: false })
  canCall: boolean;

  /** When the account was erased on request: it can no longer sign in, and names nobody (docs/decisions.md, 'Erasure on request'). */
  @DateTimeColumn({ name: 'erased_at', nullable: true })
  erasedAt: Date | null;

  @DateTimeColumn({ name: 'created_at' })
  createdAt: Date;

  @DateTimeColumn({ name: 'updated_at' })
  updatedAt: Date;
}
