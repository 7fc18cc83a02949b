#!/bin/sh
# Writes PgBouncer's auth file from the environment (the password stays out of the image and of
# the mounted configuration), then runs PgBouncer in the foreground as Debian's `postgres` user
# (PgBouncer refuses to run as root). With a plain password in the auth file, PgBouncer checks the
# app's SCRAM login itself and logs in to PostgreSQL with the same password.
set -eu
: "${DB_USER:?set DB_USER}"
: "${DB_PASSWORD:?set DB_PASSWORD}"
umask 077
printf '"%s" "%s"\n' "$DB_USER" "$DB_PASSWORD" > /etc/pgbouncer/userlist.txt
chown postgres:postgres /etc/pgbouncer/userlist.txt
exec runuser -u postgres -- /usr/sbin/pgbouncer /etc/pgbouncer/pgbouncer.ini
