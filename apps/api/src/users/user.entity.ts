import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** A person who signs in: retailer, distributor, admin… Never leaves the API as is. */
@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'char', length: 10, unique: true })
  mobile!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', nullable: true })
  email!: string | null;

  @Column({ type: 'text' })
  role!: string;

  @Column({ name: 'parent_id', type: 'uuid', nullable: true })
  parentId!: string | null;

  @Column({ name: 'shop_name', type: 'text', nullable: true })
  shopName!: string | null;

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash!: string;

  @Column({ name: 'pin_hash', type: 'text' })
  pinHash!: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  services!: string[];

  @Column({ type: 'text', default: 'active' })
  status!: 'active' | 'blocked';

  /** File name under the uploads folder, served at /userProfile/{picture}. */
  @Column({ type: 'text', nullable: true })
  picture!: string | null;

  /** spec §3 serviceRates: `{ payout: { limit1, limit2, limit3 } }`, each flat or percent. */
  @Column({ name: 'service_rates', type: 'jsonb', default: () => "'{}'" })
  serviceRates!: Record<string, unknown>;

  @Column({ name: 'pin_failures', type: 'integer', default: 0 })
  pinFailures!: number;

  @Column({ name: 'pin_locked_until', type: 'timestamptz', nullable: true })
  pinLockedUntil!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
