import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsers1763700000000 implements MigrationInterface {
  name = 'CreateUsers1763700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE users (
        id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        mobile        char(10) NOT NULL UNIQUE CHECK (mobile ~ '^[0-9]{10}$'),
        name          text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
        email         text,
        role          text NOT NULL,
        parent_id     uuid REFERENCES users (id),
        shop_name     text,
        password_hash text NOT NULL,
        pin_hash      text NOT NULL,
        services      text[] NOT NULL DEFAULT '{}',
        created_at    timestamptz NOT NULL DEFAULT now(),
        updated_at    timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE INDEX users_parent_id_idx ON users (parent_id)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE users');
  }
}
