#!/bin/sh
# docker-compose's backup service: a base backup with pg_basebackup every BACKUP_INTERVAL_HOURS
# (default 24; the first at once when none exists), with the uploads, into /backups/base/<name>/,
# and the newest BACKUP_KEEP (default 7) kept — the WAL older than the oldest kept backup goes too.
# Connects over the db service's Unix socket (shared volume): its default pg_hba trusts local
# replication connections. `docker compose exec backup /salon/base-backups.sh --once` takes one now.
set -u
interval=${BACKUP_INTERVAL_HOURS:-24}
keep=${BACKUP_KEEP:-7}
mkdir -p /backups/base /backups/wal

backup() {
  name=$(date -u +%Y-%m-%dT%H-%M-%SZ)
  started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
  part="/backups/base/.partial-$name"
  rm -rf /backups/base/.partial-*
  mkdir -p "$part"
  # -X fetch: the WAL the copy needs goes into the backup itself (base.tar.gz + pg_wal.tar.gz).
  if pg_basebackup -h /var/run/postgresql -U "${POSTGRES_USER:-salon}" -D "$part" -Ft -z -X fetch \
       --checkpoint=fast -l "salon $name" &&
     { [ ! -d /data/uploads ] || tar -czf "$part/uploads.tar.gz" -C /data/uploads .; }; then
    size=$(du -sb "$part" | cut -f1)
    now=$(date -u +%Y-%m-%dT%H:%M:%SZ)
    printf '{"name":"%s","kind":"base","reason":"schedule","startedAt":"%s","stoppedAt":"%s","finishedAt":"%s","sizeBytes":%s,"tool":"pg_basebackup"}\n' \
      "$name" "$started" "$now" "$now" "$size" > "$part/manifest.json"
    mv "$part" "/backups/base/$name"
    printf '{"at":"%s","ok":true,"name":"%s"}\n' "$now" "$name" > /backups/last-attempt.json
    echo "base backup $name: $size bytes"
    # Retention: the newest $keep backups; the WAL segments before the oldest kept one's start.
    ls -1 /backups/base | grep -v '^\.' | sort | head -n "-$keep" | while read -r old; do rm -rf "/backups/base/$old"; done
    oldest=$(ls -1 /backups/base | grep -v '^\.' | sort | head -n 1)
    start=$(tar -xzOf "/backups/base/$oldest/base.tar.gz" backup_label 2>/dev/null | sed -n 's/^START WAL LOCATION: .*(file \([0-9A-F]*\)).*/\1/p')
    [ -n "$start" ] && for f in /backups/wal/*.gz; do
      seg=$(basename "$f" | cut -c9-24)
      case "$(basename "$f")" in *.history.gz) continue ;; esac
      [ "$seg" \< "$(echo "$start" | cut -c9-24)" ] && rm -f "$f"
    done
  else
    rm -rf "$part"
    printf '{"at":"%s","ok":false,"error":"pg_basebackup failed (docker compose logs backup)"}\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" > /backups/last-attempt.json
    echo "base backup failed" >&2
  fi
}

if [ "${1:-}" = "--once" ]; then backup; exit; fi
until pg_isready -q -h /var/run/postgresql; do sleep 2; done
while true; do
  newest=$(ls -1 /backups/base | grep -v '^\.' | sort | tail -n 1)
  if [ -z "$newest" ] || [ -n "$(find "/backups/base/$newest/manifest.json" -mmin +$((interval * 60)) 2>/dev/null)" ]; then
    backup
  fi
  sleep 600
done
