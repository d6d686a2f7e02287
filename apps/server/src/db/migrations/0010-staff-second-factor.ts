import { sql, type Kysely } from 'kysely';

/**
 * Staff logins (issue 12): the staff member's TOTP second factor and the staff realm of login
 * attempts.
 *
 * `admins.totp_secret` holds the secret sealed with the key in DATA_DIR (lib/secret-box.ts), so a
 * database dump alone does not give the codes; it is set at setup and counts only once
 * `totp_enabled`. `totp_last_step` is the 30 s step of the last accepted code: a code is never
 * accepted twice (RFC 6238 section 5.2).
 *
 * `login_attempts.realm` keeps the per-account lockout of users and staff apart: the same e-mail
 * may be both, and failing one must not lock the other.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE admins
      ADD COLUMN totp_secret text,
      ADD COLUMN totp_enabled boolean NOT NULL DEFAULT false,
      ADD COLUMN totp_last_step bigint;
    ALTER TABLE login_attempts ADD COLUMN realm text NOT NULL DEFAULT 'user' CHECK (realm IN ('user', 'staff'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE login_attempts DROP COLUMN realm;
    ALTER TABLE admins DROP COLUMN totp_secret, DROP COLUMN totp_enabled, DROP COLUMN totp_last_step;
  `.execute(db);
}
