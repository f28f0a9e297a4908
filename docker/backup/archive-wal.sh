#!/bin/sh
# archive_command of docker-compose's db service: `archive-wal.sh %p %f` (docs/operations.md).
# Gzips one finished WAL segment into /backups/wal under a temporary name, then renames it; a
# segment already there succeeds only with the same content (a retry), never overwritten.
dir=/backups/wal
f="$dir/$2.gz"
if [ -f "$f" ]; then
  gzip -dc "$f" | cmp -s - "$1"
  exit $?
fi
gzip -1c "$1" > "$f.tmp" && sync "$f.tmp" && mv "$f.tmp" "$f"
