#!/bin/sh
# Runs once, when the postgres container initialises an empty data folder (docker-compose.yml).
# The app connects as khata_app: it reads and writes rows but owns nothing, so it cannot create,
# alter or drop tables, nor disable or drop the ledger's append-only triggers (only an owner
# can). Migrations run as the owner (DATABASE_MIGRATION_URL). Tables and sequences the owner
# creates later are granted to khata_app by the default privileges below. The image's entrypoint
# sources this file (no `set` here: it would change the entrypoint's own options).
psql -v ON_ERROR_STOP=1 --no-psqlrc -v app_password="$KHATA_APP_DB_PASSWORD" \
  --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" <<'SQL'
CREATE ROLE khata_app LOGIN PASSWORD :'app_password';
REVOKE ALL ON DATABASE khata FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE khata TO khata_app;
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO khata_app;
ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public
  GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO khata_app;
ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public
  GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO khata_app;
SQL
