import { sql, type Kysely } from 'kysely';

/**
 * Staff roles and staff management (issue 13).
 *
 * `admins.role` decides which admin endpoints a staff member may call (the endpoint's access
 * roles). Staff from before roles existed ran everything, so they become `admin`; the default is
 * dropped afterwards so that no later insert silently creates a full admin.
 *
 * `admins.disabled_at`: a disabled staff member cannot sign in and their tokens stop working at
 * once (http/admin-auth.ts checks it on every request). `admins.invited_by` records who let them in.
 *
 * `staff_invitations`: one-time links. Only the SHA-256 of the token is stored (like sessions), so
 * a database read does not give a working link; `used_at` makes a link work once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE admins
      ADD COLUMN role text NOT NULL DEFAULT 'admin' CHECK (role IN ('admin', 'reviewer', 'support')),
      ADD COLUMN disabled_at timestamptz,
      ADD COLUMN invited_by integer REFERENCES admins(id);
    ALTER TABLE admins ALTER COLUMN role DROP DEFAULT;

    CREATE TABLE staff_invitations (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      email text NOT NULL,
      role text NOT NULL CHECK (role IN ('admin', 'reviewer', 'support')),
      created_by integer NOT NULL REFERENCES admins(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE staff_invitations;
    ALTER TABLE admins DROP COLUMN invited_by, DROP COLUMN disabled_at, DROP COLUMN role;
  `.execute(db);
}
